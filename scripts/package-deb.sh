#!/usr/bin/env bash
# Builds the Debian package of the tilegrade CLI: OUT_DIR/tilegrade_<version>_<arch>.deb (default
# OUT_DIR: build-deb), from a Release build of the tilegrade target only in BUILD_DIR (default
# build-deb). Needs the build's packages (scripts/setup.sh installs them). Install the result
# with `apt install ./tilegrade_*.deb` on Debian 12.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-build-deb}")
BUILD_DIR=${BUILD_DIR:-build-deb}
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$BUILD_DIR" --target tilegrade -j "$(nproc)" > /dev/null
(cd "$BUILD_DIR" && cpack -G DEB -B "$out" > /dev/null)
rm -rf "$out/_CPack_Packages"
ls "$out"/tilegrade_*.deb
