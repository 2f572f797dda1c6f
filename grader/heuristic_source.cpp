#include "grader/heuristic_source.h"

namespace tile {

Result<std::unique_ptr<Heuristic>> make_heuristic(const std::string& name_or_file,
                                                  const Board& goal) {
  return make_builtin_heuristic(name_or_file, goal);
}

}  // namespace tile
