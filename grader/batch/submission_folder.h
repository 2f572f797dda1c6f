// The one script of a platform's submission folder (Gradescope's /autograder/submission,
// PrairieLearn's /grade/student, a Classroom repository), or what the student must fix.
//
// The folder is the student's upload, and uploads carry whatever a zip or a Git repository can
// hold: symbolic links (one pointing at the course's own reference solution would earn its
// marks), folders, FIFOs or devices named x.lua, names with line breaks. Nothing here follows a
// link or opens anything but a regular file, and every refusal is a sentence for the student:
// these are the student's problems, never "a problem on the course's side".
#pragma once

#include <string>

#include "engine/result.h"

namespace tile {

struct SubmissionScript {
  std::string path;     // the script to grade (under the folder), when problem is empty
  std::string shown;    // its name relative to the folder, escaped for display
  std::string refusal;  // empty, or for the student: what is wrong and what to upload instead
};

// The rule: entries whose name starts with '.' are ignored (with everything under them, such as
// .git/). Any other symbolic link anywhere is refused, whatever it points to, and so is any name
// holding a control character, folders more than 32 deep and a name over 1,024 bytes with its
// folders (what a path can carry, with room to spare; each refusal says what to move or rename).
// The script is the one regular *.lua file directly in the folder,
// else the one anywhere below it; a *.lua that is not a regular file is refused, and so are none
// or several. The script then passes the batch rules for reading it (size, NUL bytes).
// Fails (a course-side error) only when the folder itself cannot be listed.
Result<SubmissionScript> find_submission_script(const std::string& folder);

}  // namespace tile
