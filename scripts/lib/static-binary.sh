# The self-contained tilegrade that a platform's image runs (sourced by gradescope-bundle.sh and
# prairielearn/make-course.sh, which define fail()). An image such as debian:bookworm-slim has the
# C library and nothing else of tilegrade's (no libfmt, no liblua), so a bundle ships the static
# binary: chosen here the same way for every platform. `tilegrade bundle` checks that it is
# statically linked (grader/cli/static_binary.h).

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
