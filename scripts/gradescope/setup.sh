#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder image; the zip made by
# scripts/gradescope-bundle.sh is unpacked in /autograder/source. It installs the packages
# tilegrade needs and builds it from the bundled source, with the project's own setup script
# (one package list for every machine). Pick an Ubuntu 24.04 (or Debian 12) base image: older
# images ship a CMake older than the 3.25 tilegrade needs.
set -euo pipefail
source_dir=$(cd "$(dirname "$0")" && pwd)
if ! BUILD_DIR=build "$source_dir/tilegrade/scripts/setup.sh"; then
  echo "gradescope setup: building tilegrade failed (see above); it needs CMake >= 3.25, g++ with" \
       "C++20, Lua 5.4: choose the Ubuntu 24.04 base image in the autograder settings" >&2
  exit 1
fi
"$source_dir/tilegrade/build/tilegrade" --help > /dev/null
echo "gradescope setup: built $source_dir/tilegrade/build/tilegrade"
