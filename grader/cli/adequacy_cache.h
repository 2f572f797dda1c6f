// The adequacy of an assignment's tests (assignment_adequacy), kept between runs of `validate` and
// `tests`, which compute the same thing: what one of them found is stored under a key made of the
// assignment's fingerprint (assignment.json as written and the engine's expectations, as batch
// records use it) and the tilegrade binary's own bytes (a new catalogue of mistakes may detect
// more), so an unchanged assignment is not searched again and any change to either is a new key.
// docs/writing-assignments.md.
#pragma once

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "grader/judge/adequacy.h"
#include "grader/run/adequacy_record.h"
#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile::cli {

// What validate reports of one search task's adequacy.
struct AdequacySummary {
  std::string task;
  std::size_t variants = 0, detected = 0, equivalent = 0, undetected = 0;
  bool start_is_goal_tested = false;
  std::set<std::string> detected_names;
};

std::vector<AdequacySummary> summarize(const std::vector<TaskAdequacy>& tasks);
AdequacyRecord record_of(const std::vector<AdequacySummary>& tasks);

// $TILEGRADE_CACHE_DIR, else $XDG_CACHE_HOME/tilegrade, else $HOME/.cache/tilegrade; empty when
// none is set (then nothing is cached).
std::string cache_dir();

// The file that holds this assignment's adequacy in `dir`: DIR/adequacy/<key>.json.
std::string adequacy_cache_file(const std::string& dir, const Assignment& assignment,
                                const std::vector<Expectation>& expectations);

// What the file holds, every variant's status, tests and reason, with the variant itself taken
// again from the task's catalogue (so `tests --suggest` can run it); nullopt when the file is
// missing, unreadable or names other variants than the catalogue (then the caller recomputes).
std::optional<std::vector<TaskAdequacy>> read_adequacy_cache(const std::string& file,
                                                             const Assignment& assignment);
// Best effort: a cache that cannot be written only costs the next run its time.
void write_adequacy_cache(const std::string& file, const std::vector<TaskAdequacy>& tasks);

// assignment_adequacy(assignment, expectations), read from the cache when `use_cache` and an
// earlier run stored it, else computed and stored; `cached` says which.
std::vector<TaskAdequacy> adequacy_with_cache(const Assignment& assignment,
                                              const std::vector<Expectation>& expectations,
                                              bool use_cache, bool& cached);

}  // namespace tile::cli
