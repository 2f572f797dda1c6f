// What `tilegrade bundle` makes for a platform, once the assignment has been validated: the
// Gradescope autograder zip (gradescope_bundle.cpp) and the PrairieLearn question with its
// course files (prairielearn_course.cpp). Both ship the self-contained tilegrade
// (static_binary.h) and the platform's scripts compiled into this one (platform_files.h), so an
// installed package makes them with nothing else: no source tree, no python, no zip program.
#pragma once

#include <string>
#include <vector>

#include "engine/result.h"
#include "grader/cli/zip_archive.h"

namespace tile::cli {

struct GradescopeBundle {
  std::string assignment_dir;
  std::string reference_dir;  // solution.lua and mutants/, which setup.sh validates with
  std::string binary;         // the static tilegrade to ship; empty with source_dir
  std::string source_dir;     // a tilegrade source tree that setup.sh builds in the image instead
};

// The zip's entries, sorted by name: setup.sh and run_autograder at the root, the binary as
// tilegrade/build/tilegrade (or the sources under tilegrade/), assignment/ and reference/.
[[nodiscard]] Result<std::vector<ZipEntry>> gradescope_entries(const GradescopeBundle& bundle);

struct PrairieLearnCourse {
  std::string assignment_dir;
  std::string out_dir;  // holds questions/NAME/ and serverFilesCourse/tilegrade/ once written
  std::string binary;   // the tilegrade the external grader runs
  std::string image;    // the grading container, written into info.json
};

// Lays the assignment out as a PrairieLearn question in OUT_DIR (replacing an earlier
// questions/NAME and serverFilesCourse/tilegrade), and returns the folders it wrote.
[[nodiscard]] Result<std::vector<std::string>> write_prairielearn_course(
    const PrairieLearnCourse& course);

// The regular files under FOLDER, hidden ones and hidden folders left out, as (path on disk,
// "/"-separated path relative to FOLDER), sorted by the relative path.
struct FoundFile {
  std::string path;
  std::string relative;
};
[[nodiscard]] Result<std::vector<FoundFile>> files_under(const std::string& folder);

}  // namespace tile::cli
