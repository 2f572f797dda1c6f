// The rules section of a handout: every rule that can change a task's path or count, as the
// engine runs it, from the semantics table and the task as assignment.json gives it. `tilegrade
// new` writes it under each function, after a marker line naming the task; `tilegrade validate`
// reads the handout back and warns where a marked section no longer says what assignment.json
// does (an assignment edited by hand after `new`), naming the file, the line and the true rule.
#pragma once

#include <string>
#include <vector>

#include "grader/spec/assignment.h"

namespace tile::cli {

// "<!-- rules of TASK: written from assignment.json by tilegrade new; validate checks them -->":
// invisible once the Markdown is rendered.
std::string rules_marker(const std::string& task);

// The marker, a header line and one "  - `field`: value: words" line per rule, each ending in a
// newline.
std::string rules_section(const Task& task);

// Where README.md's marked rules differ from the assignment's: one warning per task, naming the
// file (`handout`, as the warning should show it), the line and what assignment.json says there.
// A handout without markers (one written by hand) is not read.
std::vector<std::string> stale_rules(const Assignment& assignment, const std::string& text,
                                     const std::string& handout);

}  // namespace tile::cli
