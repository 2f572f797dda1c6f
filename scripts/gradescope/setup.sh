#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder image; the zip made by
# scripts/gradescope-bundle.sh is unpacked in /autograder/source. By default the bundle carries the
# self-contained tilegrade (tilegrade/build/tilegrade, statically linked: it needs no package), and
# this script installs and compiles nothing: it checks the bundled assignment with that binary.
# A bundle made with --from-source carries the source instead (tilegrade/CMakeLists.txt), which is
# built here with the project's own setup script (the packages, Lua's sources, the build) first.
# Either way a stale expected.json or a reference solution graded differently on this image fails
# the image build here, never a student's submission later.
# Tested on the Ubuntu 22.04, Ubuntu 24.04 and Debian 12 base images (scripts/gradescope-images.sh).
#   TILEGRADE  a tilegrade binary to use instead (tests/e2e/gradescope_bundle.sh)
set -euo pipefail
source_dir=$(cd "$(dirname "$0")" && pwd)
image=$( (. /etc/os-release && echo "$PRETTY_NAME") 2>/dev/null || echo "this image")
tilegrade=${TILEGRADE:-$source_dir/tilegrade/build/tilegrade}
how="used the bundled"
[ -z "${TILEGRADE:-}" ] || how="used the given"
if [ -z "${TILEGRADE:-}" ] && [ -f "$source_dir/tilegrade/CMakeLists.txt" ]; then
  how="built"
  if ! BUILD_DIR=build "$source_dir/tilegrade/scripts/setup.sh" --grader-only; then
    echo "gradescope setup: building tilegrade on $image failed (see above). It needs g++ with" \
         "C++20, CMake >= 3.13, Lua 5.4's source package, fmt, CLI11, nlohmann-json and" \
         "yaml-cpp from the package archive; it is tested on the Ubuntu 22.04, Ubuntu 24.04 and" \
         "Debian 12 base images." >&2
    exit 1
  fi
fi
if [ ! -x "$tilegrade" ]; then
  echo "gradescope setup: the bundle holds no tilegrade at $tilegrade: make it again with" \
       "scripts/gradescope-bundle.sh (or --from-source to build it here)." >&2
  exit 1
fi
# `tilegrade bundle` validated everything and recorded it with the assignment's digest
# (validation.json): here only what the image can change is checked, the engine's answers (the
# digest covers them) and the reference solution's full marks. A bundle without the record
# (made by an older tilegrade) is validated whole.
checked="validated the assignment"
validate=("$tilegrade" validate "$source_dir/assignment" --reference "$source_dir/reference")
if [ -f "$source_dir/validation.json" ]; then
  validate+=(--recorded "$source_dir/validation.json")
  checked="checked the assignment against the bundle's validation and graded the reference solution"
fi
if ! "${validate[@]}"; then
  echo "gradescope setup: the bundled assignment is not valid on $image (see above): rerun" \
       "tilegrade expect and tilegrade validate on it, then build and upload the bundle again." >&2
  exit 1
fi
echo "gradescope setup: $how $tilegrade and $checked on $image"
