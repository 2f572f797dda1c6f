#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder image; the zip made by
# scripts/gradescope-bundle.sh is unpacked in /autograder/source. It installs the packages
# tilegrade needs and builds the tilegrade command alone from the bundled source, with the
# project's own setup script (one package list for every machine), then validates the bundled
# assignment with that build: a stale expected.json or a reference solution graded differently on
# this image fails the image build here, never a student's submission later.
# Tested on the Ubuntu 22.04, Ubuntu 24.04 and Debian 12 base images (scripts/gradescope-images.sh).
#   TILEGRADE  a tilegrade binary to use instead of building one (tests/e2e/gradescope_bundle.sh)
set -euo pipefail
source_dir=$(cd "$(dirname "$0")" && pwd)
image=$( (. /etc/os-release && echo "$PRETTY_NAME") 2>/dev/null || echo "this image")
tilegrade=${TILEGRADE:-$source_dir/tilegrade/build/tilegrade}
if [ -z "${TILEGRADE:-}" ] &&
   ! BUILD_DIR=build "$source_dir/tilegrade/scripts/setup.sh" --grader-only; then
  echo "gradescope setup: building tilegrade on $image failed (see above). It needs g++ with" \
       "C++20, CMake >= 3.13, Lua 5.4, fmt, CLI11 and nlohmann-json from the package archive;" \
       "it is tested on the Ubuntu 22.04, Ubuntu 24.04 and Debian 12 base images." >&2
  exit 1
fi
if ! "$tilegrade" validate "$source_dir/assignment" --reference "$source_dir/reference"; then
  echo "gradescope setup: the bundled assignment is not valid on $image (see above): rerun" \
       "tilegrade expect and tilegrade validate on it, then build and upload the bundle again." >&2
  exit 1
fi
echo "gradescope setup: built $tilegrade and validated the assignment on $image"
