#!/usr/bin/env bash
# Builds the packages of the tilegrade CLI around the self-contained binary, in one cpack run:
# OUT_DIR/tilegrade_<version>_<arch>.deb (no library dependencies: it installs as it is on Debian
# 12, Ubuntu 22.04 and 24.04) and OUT_DIR/tilegrade-<version>-Linux-<arch>.tar.gz beside it (the
# binary, the README and the bundled assignments, in one folder). Default OUT_DIR: build-static/
# packages. The binary comes from scripts/build-static.sh (BUILD_DIR, default build-static).
# (ctest's tests/e2e/debian_package.sh runs the same cpack in the tested build folder.)
# Install the .deb with `apt install ./tilegrade_*.deb`, or unpack the tar.gz anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-static}
out=$(realpath -m "${1:-$BUILD_DIR/packages}")
BUILD_DIR=$BUILD_DIR scripts/build-static.sh > /dev/null  # says how far it is on stderr
echo "package-deb: packaging the .deb and the tar.gz with cpack, into $out" >&2
(cd "$BUILD_DIR" && cpack -B "$out" > /dev/null)
rm -rf "$out/_CPack_Packages"
ls "$out"/tilegrade_*.deb "$out"/tilegrade-*.tar.gz
