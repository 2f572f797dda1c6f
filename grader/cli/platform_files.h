// The platforms' own files that a bundle carries (Gradescope's setup.sh and run_autograder,
// PrairieLearn's run.sh and question templates), compiled in from scripts/ by
// grader/cli/platform_files.cmake, so that an installed tilegrade can make a bundle alone.
#pragma once

#include <string_view>
#include <vector>

#include "engine/result.h"

namespace tile::cli {

struct PlatformFile {
  std::string_view path;   // where it lives in the source tree: "scripts/gradescope/setup.sh"
  std::string_view bytes;  // its contents as they were when tilegrade was configured
};

const std::vector<PlatformFile>& platform_files();

// The contents of the file at `path` (as in PlatformFile::path); an internal error if tilegrade
// was built without it.
Result<std::string_view> platform_file(std::string_view path);

}  // namespace tile::cli
