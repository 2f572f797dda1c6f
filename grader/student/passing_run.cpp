#include "grader/student/passing_run.h"

namespace tile {

bool equals_passing_run(const StudentSearchRun& run, const PassingRun& passing) {
  return passing.known && run.completed && run.returned_boards.empty() && !run.out_of_expansions &&
         run.reported_count == passing.count && run.path == passing.path &&
         run.expanded == passing.expanded && run.expansion_digest == passing.expansion_digest;
}

}  // namespace tile
