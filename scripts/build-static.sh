#!/usr/bin/env bash
# Builds one self-contained tilegrade: Lua (compiled from Debian's sources, lua/lua.cmake),
# yaml-cpp (libyaml-cpp.a), fmt (header-only), libstdc++, libgcc and glibc all linked in, as a
# static-pie executable that runs on any x86-64 Linux (kernel 3.2 or newer, glibc's own floor),
# whatever libraries the system has. This is the binary the Gradescope bundle and the .deb carry.
# Usage: scripts/build-static.sh [OUT]   (prints the binary's path; with OUT, copies it there;
#   how far the build is goes to standard error)
#   BUILD_DIR  the build folder (default build-static, without tests): the binary is
#              BUILD_DIR/static/tilegrade. Any build with tests builds it too (build/static/).
# Needs the build's packages and Lua's sources: scripts/setup.sh --grader-only installs both.
# Test the whole suite against it from a test build (build/):
#   cmake -S . -B build -DTILEGRADE_BINARY_UNDER_TEST=$PWD/build/static/tilegrade && ctest --test-dir build
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build-static}
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
werror=()
[ -z "${TILEGRADE_WERROR:-}" ] || werror=(-DTILEGRADE_WERROR="$TILEGRADE_WERROR")
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTILEGRADE_TESTS=OFF -DTILEGRADE_STATIC=ON \
  "${launcher[@]}" "${werror[@]}" >/dev/null
. scripts/lib/progress.sh
with_progress build-static "building the self-contained tilegrade in $BUILD_DIR" \
  cmake --build "$BUILD_DIR" --target tilegrade_static -j "$(nproc)"
built=$(realpath "$BUILD_DIR/static/tilegrade")
if [ $# -ge 1 ]; then
  out=$(realpath -m "$1")
  mkdir -p "$(dirname "$out")"
  cp "$built" "$out.partial"
  mv "$out.partial" "$out"
  built=$out
fi
echo "$built"
