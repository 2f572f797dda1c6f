// A student's own attempts, in their report: where the platform keeps the reports of their
// earlier submissions (Gradescope's previous_submissions[].results: the results.json tilegrade
// wrote then, each test's verdict in its extra_data), the mistakes named over them, one line each
// ("bfs: first attempt: goal-test-on-generate; fixed at attempt 4.", class_attempts.h), above the
// tests of this submission. Only tests the student saw at once count, so a hidden test's mistake
// is never named.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/class_report.h"
#include "grader/report/report.h"

namespace tile {

// An earlier submission's summary from its results document (of each test's extra_data only
// task, name, test, visibility, passed and diagnosis.code are read); nullopt when it holds no
// test of tilegrade's that the student saw (another grader's document, or the platform's own).
std::optional<ClassStudent> earlier_attempt(const nlohmann::json& results);

// The paragraph for `current` after `earlier` (its earlier submissions' results, oldest first);
// "" when fewer than one earlier attempt is read or no attempt named a mistake. `only_latest`:
// older submissions than `earlier` were left out, so it speaks of the latest ones ("Mistakes over
// your latest 101 submissions (this one is attempt 101 of them):").
std::string own_attempts_paragraph(const std::vector<nlohmann::json>& earlier,
                                   const GradeReport& current, bool only_latest = false);

}  // namespace tile
