# The self-contained tilegrade that a platform's image runs (sourced by gradescope-bundle.sh and
# prairielearn/make-course.sh, which define fail()). An image such as debian:bookworm-slim has the
# C library and nothing else of tilegrade's (no libfmt, no liblua), so a bundle ships the static
# binary: chosen here the same way for every platform.

# Prints the path of the static binary: TILEGRADE_STATIC when set, else the build's
# static/tilegrade (build/, then build-static/), else one built now by scripts/build-static.sh.
find_static_binary() {  # REPO
  local repo=$1 static=${TILEGRADE_STATIC:-}
  if [ -z "$static" ]; then
    static=$repo/build/static/tilegrade
    [ -x "$static" ] || static=$repo/build-static/static/tilegrade
    if [ ! -x "$static" ]; then
      echo "building the self-contained tilegrade (scripts/build-static.sh; minutes)" >&2
      static=$("$repo/scripts/build-static.sh") || fail "scripts/build-static.sh failed"
    fi
  fi
  [ -x "$static" ] || fail "no tilegrade binary at $static"
  printf '%s\n' "$static"
}

# Fails unless BINARY is statically linked for x86-64: a binary that asks for an interpreter
# (ld.so) or names a shared library needs the build machine's libraries in the image.
require_static_binary() {  # BINARY HOW-ELSE
  local headers
  # (readelf's output is read whole: grep -q ending a pipe early would fail it under pipefail)
  headers=$(LC_ALL=C readelf -h -l -d "$1" 2>/dev/null) || headers=""
  ! grep -q "INTERP\|(NEEDED)" <<< "$headers" && grep -q "Machine:.*X86-64" <<< "$headers" ||
    fail "$1 is not statically linked (build it with scripts/build-static.sh, $2)"
}
