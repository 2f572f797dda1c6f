#include "engine/named_heuristic.h"

#include "engine/additive_pdb.h"

namespace tile {

Result<std::unique_ptr<Heuristic>> make_named_heuristic(std::string_view name, const Board& goal) {
  if (is_pdb_heuristic_name(name)) return make_pdb_heuristic(name, goal);
  return make_builtin_heuristic(name, goal);
}

}  // namespace tile
