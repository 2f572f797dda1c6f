// Where a heuristic named on the command line or in an assignment comes from: a built-in engine
// heuristic by name, or (for names ending in .lua) a student's script run through the sandbox.
#pragma once

#include <memory>
#include <string>

#include "engine/heuristic.h"
#include "engine/result.h"

namespace tile {

Result<std::unique_ptr<Heuristic>> make_heuristic(const std::string& name_or_file,
                                                  const Board& goal);

}  // namespace tile
