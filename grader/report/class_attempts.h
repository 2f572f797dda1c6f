// Attempts over a term (issue 37 §2): a student's dated submissions, each graded and summarised as
// a ClassStudent, read in date order. From them: each student's own timeline ("first attempt:
// ties-lifo; fixed at attempt 4") and, for the class, per misconception how many students had it
// at some attempt, how many fixed it, and the median number of attempts the fix took.
//
// Only the computation lives here, from summaries a batch already keeps; where the attempts come
// from (a folder of dated submissions per student, or Gradescope's previous_submissions, whose
// `results` are tilegrade's own JSON reports) is the caller's business.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/class_report.h"

namespace tile {

// One misconception in one student's attempts. Attempts are numbered from 1, in date order.
struct MistakeSpan {
  std::string task;
  std::string code;          // a single code: a pair "a+b" counts for each
  std::size_t first = 0;     // the first attempt that names it
  std::size_t last = 0;      // the last attempt that names it
  std::size_t fixed_at = 0;  // the first graded attempt after `last`; 0 when none (not fixed)
};

// The student's misconceptions, by first attempt, then task and code. An attempt whose status is
// not "graded" (it did not load, no script) neither shows nor clears a mistake, nor does one that
// did not run the mistake's task (its function missing): a fix needs a later attempt that was
// graded, ran that task, and no longer names it.
std::vector<MistakeSpan> mistake_spans(const std::vector<ClassStudent>& attempts);

// The student's timeline in sentences, one per misconception: "bfs: first attempt:
// goal-test-on-generate; fixed at attempt 4.", "from attempt 2: counts-popped; not fixed by
// attempt 5, the last.".
std::vector<std::string> timeline_lines(const std::vector<MistakeSpan>& spans,
                                        std::size_t attempts);

// class.json's "attempts": {"students", "attempts" (all of them), "misconceptions": [{"task",
// "code", "had", "fixed", "median_attempts_to_fix"}]} over each student's attempts (in date order),
// most students first (then task and code). Attempts to fix: fixed_at - first, so a mistake
// fixed at the next attempt took one; the median is null when nobody fixed it.
nlohmann::json attempts_json(const std::vector<std::vector<ClassStudent>>& students);

}  // namespace tile
