#!/usr/bin/env bash
# Builds the zip to upload as a Gradescope autograder for one assignment, from a source tree:
# `tilegrade bundle gradescope` does the work (docs/delivery.md; an installed tilegrade runs it
# alone), given the self-contained binary this tree builds. The zip holds
#   setup.sh, run_autograder   at the root (scripts/gradescope/, compiled into tilegrade)
#   tilegrade/build/tilegrade  the self-contained tilegrade (scripts/build-static.sh), which
#                              setup.sh only checks the assignment with: nothing to install or build
#   assignment/                the assignment folder (assignment.json, expected.json, ...)
#   reference/                 its reference solution and mutants, which setup.sh validates with
# With --from-source, tilegrade/ holds this tree's source instead, which setup.sh builds in the
# image (minutes: packages, Lua's sources, a compiler).
# Usage: scripts/gradescope-bundle.sh [--from-source] [--reference DIR] ASSIGNMENT_DIR [OUT.zip]
#   default OUT.zip: ./NAME-gradescope.zip; default DIR: reference/NAME beside assignments/
#   TILEGRADE         the tilegrade that validates and bundles (default: build/tilegrade)
#   TILEGRADE_STATIC  the self-contained binary to ship (default: build/static/tilegrade, else
#                     build-static/static/tilegrade, built by scripts/build-static.sh when
#                     missing); it must be statically linked
# It refuses an assignment that `tilegrade validate` rejects (a stale expected.json, a reference
# solution short of full marks...), so that no student is graded against it. Entries are sorted
# and dated 1980-01-01, so the same sources always give the same bytes.
set -euo pipefail
fail() { echo "gradescope-bundle: $*" >&2; exit 2; }
usage="usage: scripts/gradescope-bundle.sh [--from-source] [--reference DIR] ASSIGNMENT_DIR [OUT.zip]"
options=()
from_source=0
while [ $# -gt 0 ]; do
  case "$1" in
    --from-source) from_source=1; shift ;;
    --reference)
      [ $# -ge 2 ] || fail "$usage"
      options+=(--reference "$2")
      shift 2 ;;
    -*) fail "unknown option $1; $usage" ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || fail "$usage"
repo=$(cd "$(dirname "$0")/.." && pwd)
tilegrade=${TILEGRADE:-$repo/build/tilegrade}
[ -x "$tilegrade" ] || fail "no tilegrade binary at $tilegrade (build it: scripts/setup.sh)"
if [ $from_source = 1 ]; then
  options+=(--from-source "$repo")
else
  . "$repo/scripts/lib/static-binary.sh"
  options+=(--binary "$(find_static_binary "$repo")")
fi
exec "$tilegrade" bundle gradescope "${options[@]}" "$@"
