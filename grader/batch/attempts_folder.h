// A student's dated submissions (issue 37 §2): the folder layout for attempts over a term.
//
//   SUBMISSIONS/NAME/WHEN/solution.lua   WHEN: YYYY-MM-DDTHH-MM or YYYY-MM-DDTHH-MM-SS (no ':',
//                                        which some file systems refuse), the attempt's time
//
// A student folder that holds no .lua file of its own and at least one folder named so is a
// student with attempts; each WHEN folder's script is chosen as a student folder's is
// (submission.lua, else its only .lua file). Attempts are ordered by WHEN (the format sorts as
// time does). The latest is the student's submission: their gradebook row, reports and class
// report entry. Earlier ones are graded too, for the attempts section and the student's timeline,
// into reports and records of their own (KEY~WHEN: '~' is in no plain key, and no derived key
// ends in a date, so they meet no other student's).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "grader/batch/students.h"

namespace tile {

// Whether a folder name is an attempt's time: YYYY-MM-DDTHH-MM, optionally -SS, all digits.
bool is_attempt_time(std::string_view name);

// The attempt folders of a student folder, sorted (by time), when it holds no .lua file directly
// and at least one attempt folder; empty otherwise (an ordinary student folder). Links are not
// followed: a link named like a time is not an attempt. May throw fs::filesystem_error.
std::vector<std::string> attempt_folders(const std::filesystem::path& folder);

}  // namespace tile
