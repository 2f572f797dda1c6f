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
  auto named = make_named_heuristic(name_or_file, goal);
  // Only here is a script accepted too: say so where it is (solve --heuristic), not in the
  // engine's message, which a search task's heuristic also gets.
  if (!named) {
    return Error{named.error() + "; or a .lua file defining heuristic(board)",
                 named.failure().kind};
  }
  return named;
}

}  // namespace tile
