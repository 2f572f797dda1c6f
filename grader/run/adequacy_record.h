// The adequacy an assignment's tests reached, kept beside its reference solution
// (reference/<name>/adequacy.json, written by `tilegrade tests --record`), so that `validate`
// fails when a mistake some test used to detect is no longer detected (a test removed, a board
// changed, a semantics field changed).
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/result.h"
#include "grader/judge/adequacy.h"

namespace tile {

// <name> for assignments/<name> or assignments/<name>/: what the assignment's reference folder, its
// Gradescope zip and its PrairieLearn question are named after.
std::string assignment_name(const std::string& assignment_dir);

// reference/<name>/ for assignments/<name>/: the folder beside assignments/ (a trailing slash in
// the assignment's path names the same folder).
std::string default_reference_dir(const std::string& assignment_dir);

// Task name -> names of the variants its tests detect.
using AdequacyRecord = std::map<std::string, std::set<std::string>>;

AdequacyRecord record_of(const std::vector<TaskAdequacy>& tasks);
std::string adequacy_record_json(const AdequacyRecord& record);
// An empty record when the file does not exist; an error when it exists and is not readable.
Result<AdequacyRecord> read_adequacy_record(const std::string& path);

// The variants the record says were detected and `now` does not detect: "bfs: ties-lifo".
std::vector<std::string> lost_detections(const AdequacyRecord& recorded,
                                         const std::vector<TaskAdequacy>& now);

}  // namespace tile
