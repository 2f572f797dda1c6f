#include "grader/heuristic_source.h"

#include "engine/additive_pdb.h"
#include "grader/lua_heuristic.h"

namespace tile {

Result<std::unique_ptr<Heuristic>> make_heuristic(const std::string& name_or_file,
                                                  const Board& goal,
                                                  const SandboxLimits& script_limits) {
  if (name_or_file.ends_with(".lua")) {  // a script: its `heuristic` function, in its own sandbox
    auto lua = LuaHeuristic::load_file(name_or_file, goal, script_limits);
    if (!lua) return Error{lua.error()};
    return std::unique_ptr<Heuristic>(std::move(*lua));
  }
  if (is_pdb_heuristic_name(name_or_file)) return make_pdb_heuristic(name_or_file, goal);
  return make_builtin_heuristic(name_or_file, goal);
}

}  // namespace tile
