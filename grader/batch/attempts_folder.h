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

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "grader/batch/students.h"

namespace tile {

// Whether a name is shaped like an attempt's time: YYYY-MM-DDTHH-MM, optionally -SS, all digits.
bool is_attempt_time(std::string_view name);
// ... and names a real moment: a date of the calendar, hours 00-23, minutes and seconds 00-59.
bool is_real_attempt_time(std::string_view name);

// The most attempts graded for one student: the latest ones, with a line saying so.
inline constexpr std::size_t kMaxAttempts = 100;

struct AttemptFolders {
  std::vector<std::string> times;  // the attempts graded, in time order
  // One line for each entry named like an attempt that is not graded as one: a symbolic link
  // (never followed), a file, a name that is no real time ("9999-99-99T99-99"), a second name for
  // a moment another names already (T15-00 and T15-00-00: the first is graded), and attempts past
  // kMaxAttempts (the earliest are left out).
  std::vector<std::string> notes;
};

// The attempt folders of a student folder (`shown`: the student's name as shown, for the notes),
// when it holds no .lua file directly and at least one attempt folder; no times otherwise (an
// ordinary student folder, whose notes still say what was passed over). Links are not followed.
// May throw fs::filesystem_error.
AttemptFolders attempt_folders(const std::filesystem::path& folder, const std::string& shown);

}  // namespace tile
