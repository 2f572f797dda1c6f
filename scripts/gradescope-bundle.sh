#!/usr/bin/env bash
# Builds the zip to upload as a Gradescope autograder for one assignment:
#   setup.sh, run_autograder   at the root (from scripts/gradescope/)
#   tilegrade/build/tilegrade  the self-contained tilegrade (scripts/build-static.sh), which
#                              setup.sh only checks the assignment with: nothing to install or build
#   assignment/                the assignment folder (assignment.json, expected.json, ...)
#   reference/                 its reference solution and mutants, which setup.sh validates with
# With --from-source, tilegrade/ holds the source of the tilegrade command instead, which setup.sh
# builds in the image (minutes: packages, Lua's sources, a compiler).
# Usage: scripts/gradescope-bundle.sh [--from-source] [--reference DIR] ASSIGNMENT_DIR [OUT.zip]
#   default OUT.zip: ./NAME-gradescope.zip; default DIR: reference/NAME beside assignments/
#   TILEGRADE         the tilegrade binary that validates the assignment (default: build/tilegrade)
#   TILEGRADE_STATIC  the self-contained binary to ship (default: build/static/tilegrade, else
#                     build-static/static/tilegrade, built by scripts/build-static.sh when
#                     missing); it must be statically linked
# It refuses an assignment that `tilegrade validate` rejects (a stale expected.json, a reference
# solution short of full marks...), so that no student is graded against it.
# The zip is written with python3's zipfile (no zip package needed), entries sorted and dated
# 1980-01-01, so the same sources always give the same bytes.
set -euo pipefail
fail() { echo "gradescope-bundle: $*" >&2; exit 2; }
usage="usage: scripts/gradescope-bundle.sh [--from-source] [--reference DIR] ASSIGNMENT_DIR [OUT.zip]"
reference=
from_source=0
while [ $# -gt 0 ]; do
  case "$1" in
    --from-source) from_source=1; shift ;;
    --reference)
      [ $# -ge 2 ] || fail "$usage"
      reference=$(cd "$2" 2>/dev/null && pwd) || fail "no such folder: $2"
      shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] && [ $# -le 2 ] || fail "$usage"
repo=$(cd "$(dirname "$0")/.." && pwd)
assignment=$(cd "$1" 2>/dev/null && pwd) || fail "no such folder: $1"
[ -f "$assignment/assignment.json" ] || fail "$1 has no assignment.json"
[ -f "$assignment/expected.json" ] || fail "$1 has no expected.json (run: tilegrade expect $1)"
out=${2:-$PWD/$(basename "$assignment")-gradescope.zip}
# Where `tilegrade validate` looks by default: reference/NAME two levels up from the assignment.
reference=${reference:-$(dirname "$(dirname "$assignment")")/reference/$(basename "$assignment")}
[ -f "$reference/solution.lua" ] ||
  fail "no reference solution at $reference/solution.lua (give its folder with --reference DIR)"

tilegrade=${TILEGRADE:-$repo/build/tilegrade}
[ -x "$tilegrade" ] || fail "no tilegrade binary at $tilegrade (build it: scripts/setup.sh)"
if ! report=$("$tilegrade" validate "$assignment" --reference "$reference" 2>&1); then
  printf '%s\n' "$report" >&2
  fail "refusing to bundle $1: tilegrade validate rejects it (above); if expected.json is stale," \
       "rerun tilegrade expect $1 and check the differences"
fi

static=""
if [ $from_source = 0 ]; then
  . "$repo/scripts/lib/static-binary.sh"
  static=$(find_static_binary "$repo")
  require_static_binary "$static" "or bundle the source with --from-source"
fi

python3 - "$repo" "$assignment" "$reference" "$out" "$static" <<'PY'
import os, stat, sys, zipfile

repo, assignment, reference, out, static = sys.argv[1:6]
EXECUTABLE = {"setup.sh", "run_autograder", "tilegrade/scripts/setup.sh",
              "tilegrade/scripts/apt-install.sh", "tilegrade/scripts/lua-source.sh",
              "tilegrade/build/tilegrade"}

def files_under(base, folder, suffixes=None):
    """(path on disk, path in the zip) for the regular files under base/folder, hidden ones left out."""
    found = []
    for directory, subdirs, names in os.walk(os.path.join(base, folder)):
        subdirs[:] = [d for d in subdirs if not d.startswith(".")]
        for name in names:
            if name.startswith(".") or (suffixes and not name.endswith(suffixes)):
                continue
            path = os.path.join(directory, name)
            found.append((path, os.path.relpath(path, base)))
    return found

entries = [(os.path.join(repo, "scripts/gradescope", name), name)
           for name in ("setup.sh", "run_autograder")]
if static:
    # Where run_autograder and setup.sh look for the command setup.sh would have built.
    entries.append((static, "tilegrade/build/tilegrade"))
else:
    # What `scripts/setup.sh --grader-only` needs to build the tilegrade command: CMakeLists.txt
    # globs engine/ and grader/, lua/ builds Lua (the tests are not built there, so not shipped).
    source = [(os.path.join(repo, name), name)
              for name in ("CMakeLists.txt", "scripts/setup.sh", "scripts/apt-install.sh",
                           "scripts/lua-source.sh")]
    for folder in ("engine", "grader", "lua"):
        source += files_under(repo, folder, (".h", ".cpp", ".c", ".cmake"))
    entries += [(path, "tilegrade/" + name) for path, name in source]
entries += [(path, "assignment/" + name) for path, name in files_under(assignment, ".")]
entries += [(path, "reference/" + name) for path, name in files_under(reference, ".")]
entries = [(path, os.path.normpath(name)) for path, name in entries]

os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
partial = out + ".partial"
with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as bundle:
    for path, name in sorted(entries, key=lambda entry: entry[1]):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        mode = 0o755 if name in EXECUTABLE else 0o644
        info.external_attr = (stat.S_IFREG | mode) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        with open(path, "rb") as data:
            bundle.writestr(info, data.read())
os.replace(partial, out)
print("gradescope-bundle: wrote %s (%d files)" % (out, len(entries)))
PY
