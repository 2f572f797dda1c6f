// A run every check of its test passes, told to the grading child before the run (issue 33's cost
// in a class): a run equal to it keeps and sends only its observed record's counts and start
// (ObservedSearchRecorder::Interning::Deferred). Nothing reads the calls
// of a passing run (the forensic judge and the step-through view read failing runs only), and in
// a class most runs pass, so their record was most of what the observed search added to crossing
// the pipe and reading it back.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board.h"
#include "grader/student/student_run.h"

namespace tile {

// The reference's run of one test: what the checks compare (grader/judge/comparison.h). The
// parent names it only where the reference's run itself passes every check of the test, so a run
// equal to it passes them too.
struct PassingRun {
  bool known = false;  // false: no run is named, and every run sends its whole record
  std::vector<Move> path;
  std::int64_t count = 0;
  std::uint64_t expanded = 0;
  std::uint64_t expansion_digest = 0;
};

// Whether the run is known and `run` returned that path and count after expanding that many
// boards with that digest, the path as moves. The boards themselves are compared by the digest alone (FNV-1a over all of
// them, as the checks compare what a run did not keep).
bool equals_passing_run(const StudentSearchRun& run, const PassingRun& passing);

}  // namespace tile
