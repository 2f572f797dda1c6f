// Naming a mistake from reproductions (issue 33 part 3's first rank): the candidates a task's
// runs are compared with (the reference first, then the mistake catalogue), each run's
// reproduction by each candidate, and the one reading of those reproductions that names a
// variant, a variant with another counter, "Either ... Or ..." of two, or a count no counter
// explains. TaskDiagnoser (diagnosis.h) ranks what this names against the run's own invariants.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/heuristic.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/reproduction.h"
#include "grader/spec/assignment.h"
#include "grader/student/student_run.h"

namespace tile {

// The records TaskDiagnoser::Evidence (diagnosis_evidence.h) holds live in a named namespace: a
// member of a class with linkage may not have a type from an anonymous one, which the unity build
// (CMakeLists.txt) would warn of.
namespace diagnosis_detail {

// The candidates (the reference first, then the catalogue) and the task's heuristic.
struct Candidates {
  std::vector<Variant> variants;
  std::unique_ptr<Heuristic> heuristic;
  bool usable = true;  // false: the task's heuristic could not be made
};

// The mistake that evidence names: every candidate and counter consistent with it, in catalogue
// order (the task's own counter first); the first two are named. Nullopt when the reference with
// the task's counter is consistent (nothing wrong), or nothing is.
struct Named {
  std::optional<Diagnosis> diagnosis;
  bool explained = false;  // false: no candidate is consistent with the evidence
};

// Whether a candidate, read with one counter, may be named: name_from names only those it
// accepts (the ones every failing run of the task confirms, when naming one test's run).
using Accept = std::function<bool(std::size_t candidate, CountKind counter)>;

}  // namespace diagnosis_detail


// The task's candidates: the reference, then the catalogue's variants that run a search of their
// own (a counter-only variant is read from every candidate's counters). `usable` false when the
// task's heuristic cannot be made.
diagnosis_detail::Candidates candidates_for(const Task& task);

// One reproduction per candidate of one run; empty when the run leaves nothing to compare (no
// evidence, or boards returned instead of moves).
std::vector<Reproduction> evidence_of(const Task& task, diagnosis_detail::Candidates& candidates,
                                      const TestCase& test, const StudentSearchRun& run);

// What `evidence` (one reproduction per candidate, in `variants`' order) names, the run's
// returned `count` for "wrong-count"; only candidates `accept` accepts when it is given.
diagnosis_detail::Named name_from(const Task& task, const std::vector<Variant>& variants,
                                  const std::vector<Reproduction>& evidence,
                                  std::optional<std::int64_t> count,
                                  const diagnosis_detail::Accept& accept = {});

}  // namespace tile
