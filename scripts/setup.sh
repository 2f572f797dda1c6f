#!/usr/bin/env bash
# Installs what tilegrade needs on a Debian 12 or Ubuntu 22.04/24.04 machine (only what is
# missing), then configures and builds it.
# Usage: scripts/setup.sh [--sanitize | --fuzz | --grader-only] ; BUILD_DIR overrides the build
# folder.
#   --sanitize     AddressSanitizer + UBSan build of everything, in build-sanitize
#   --fuzz         the same build's libFuzzer targets alone (tests/fuzz/run.sh), in build-sanitize
#   --grader-only  the tilegrade command alone, no tests (what a Gradescope image needs)
# TILEGRADE_WERROR=ON turns warnings into errors (scripts/test.sh does in CI); never by default,
# since a newer compiler than CI's may warn where CI's does not. Unset, the build folder keeps
# what it was configured with (so demo.sh after CI's test.sh rebuilds nothing).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-}
case "$mode" in
  ""|--sanitize|--fuzz|--grader-only) ;;
  *) echo "usage: scripts/setup.sh [--sanitize | --fuzz | --grader-only]" >&2; exit 2 ;;
esac

# dpkg-dev: `apt-get source lua5.4` (scripts/lua-source.sh); liblua5.4-dev: its version names the
# sources scripts/web-build.sh compiles for the browser; libseccomp-dev: the grading children's
# system call filter; libminizip-dev: the zip `tilegrade bundle gradescope` writes.
PACKAGES=(g++ cmake make pkg-config dpkg-dev liblua5.4-dev nlohmann-json3-dev libcli11-dev
          libfmt-dev libyaml-cpp-dev libseccomp-dev libminizip-dev python3)
# python3-pystache: a Mustache renderer, to read the PrairieLearn question's page as PrairieLearn's
# own Mustache pass leaves it (tests/e2e/prairielearn_question.sh).
[ "$mode" = --grader-only ] || PACKAGES+=(doctest-dev python3-pystache)
# The sanitized build is clang's: on 2 quiet cores a fresh one took 256-299 s (GCC's 442 s) and
# its suite 498-575 s in three runs (GCC's 626 s), and the libFuzzer targets it also builds
# (tests/fuzz/run.sh) need clang. The normal build stays GCC's.
case "$mode" in --sanitize|--fuzz) PACKAGES+=(clang) ;; esac
scripts/apt-install.sh setup "${PACKAGES[@]}"

# Lua is compiled from its source package with a fixed string-hash seed (lua/lua.cmake).
scripts/lua-source.sh >/dev/null

sanitize=OFF
tests=ON
targets=()
compilers=()
default_dir=build
case "$mode" in
  --sanitize|--fuzz)
    sanitize=ON
    default_dir=build-sanitize
    compilers=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++)
    if [ "$mode" = --fuzz ]; then
      for source in tests/fuzz/fuzz_*.cpp; do
        name=${source##*/}
        targets+=(--target "${name%.cpp}")
      done
    fi ;;
  --grader-only) tests=OFF; targets=(--target tilegrade) ;;
esac
BUILD_DIR=${BUILD_DIR:-$default_dir}
werror=()
[ -z "${TILEGRADE_WERROR:-}" ] || werror=(-DTILEGRADE_WERROR="$TILEGRADE_WERROR")
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTILEGRADE_SANITIZE=$sanitize \
      -DTILEGRADE_TESTS=$tests "${compilers[@]}" "${werror[@]}" >/dev/null
cmake --build "$BUILD_DIR" "${targets[@]}" -j "$(nproc)"
