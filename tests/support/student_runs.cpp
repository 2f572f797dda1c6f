#include "tests/support/student_runs.h"

#include <cstdint>

namespace tile::testing {

StudentSearchRun student_run_of(const std::vector<Move>& path, const std::vector<Board>& trace,
                                std::uint64_t count) {
  StudentSearchRun run;
  run.completed = true;
  run.path = path;
  run.reported_count = static_cast<std::int64_t>(count);
  for (const Board& board : trace) record_expansion(run, board, SIZE_MAX);
  return run;
}

}  // namespace tile::testing
