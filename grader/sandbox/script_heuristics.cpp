#include "grader/sandbox/script_heuristics.h"

#include "grader/sandbox/lua_heuristic.h"
#include "grader/spec/task_heuristic.h"

namespace tile {

namespace {

Result<std::unique_ptr<Heuristic>> load_instructor_heuristic(const std::string& name,
                                                             const std::string& source,
                                                             const Board& goal,
                                                             const SubmissionLimits& limits) {
  SandboxLimits sandbox;
  sandbox.memory_bytes = limits.lua_memory_bytes;
  sandbox.call_seconds = limits.call_seconds;
  auto lua = LuaHeuristic::load_script(ScriptSource{name, source}, goal, sandbox);
  if (!lua) return lua.failure();
  return std::unique_ptr<Heuristic>(std::move(*lua));
}

}  // namespace

void install_script_heuristics() { install_script_heuristic_loader(load_instructor_heuristic); }

}  // namespace tile
