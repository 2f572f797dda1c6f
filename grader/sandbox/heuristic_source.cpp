#include "grader/sandbox/heuristic_source.h"

#include "engine/named_heuristic.h"
#include "grader/sandbox/lua_heuristic.h"

namespace tile {

Result<std::unique_ptr<Heuristic>> make_heuristic(const std::string& name_or_file,
                                                  const Board& goal,
                                                  const SandboxLimits& script_limits,
                                                  const ScriptSource* preread) {
  if (name_or_file.ends_with(".lua")) {  // a script: its `heuristic` function, in its own sandbox
    auto lua = preread != nullptr ? LuaHeuristic::load_script(*preread, goal, script_limits)
                                  : LuaHeuristic::load_file(name_or_file, goal, script_limits);
    if (!lua) return lua.failure();
    return std::unique_ptr<Heuristic>(std::move(*lua));
  }
  return make_named_heuristic(name_or_file, goal);
}

}  // namespace tile
