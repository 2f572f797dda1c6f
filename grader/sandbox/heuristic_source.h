// Where a heuristic named on the command line or in an assignment comes from: a built-in engine
// heuristic by name, or (for names ending in .lua) a student's script run through the sandbox.
#pragma once

#include <memory>
#include <string>

#include "engine/heuristic.h"
#include "engine/result.h"
#include "grader/sandbox/lua_sandbox.h"

namespace tile {

// `script_limits`: the sandbox of a .lua script (ignored for built-in names). `preread`: the .lua
// file's text, read before this process was confined (confinement.h), instead of opening it.
Result<std::unique_ptr<Heuristic>> make_heuristic(const std::string& name_or_file,
                                                  const Board& goal,
                                                  const SandboxLimits& script_limits = {},
                                                  const ScriptSource* preread = nullptr);

}  // namespace tile
