#!/usr/bin/env bash
# Builds the zip to upload as a Gradescope autograder for one assignment:
#   setup.sh, run_autograder   at the root (from scripts/gradescope/)
#   tilegrade/                 the source, built by setup.sh inside Gradescope's image
#   assignment/                the assignment folder (assignment.json, expected.json, ...)
# Usage: scripts/gradescope-bundle.sh ASSIGNMENT_DIR [OUT.zip]   (default ./NAME-gradescope.zip)
# Run `tilegrade validate ASSIGNMENT_DIR` first: the bundle carries expected.json as it is.
# The zip is written with python3's zipfile (no zip package needed), entries sorted and dated
# 1980-01-01, so the same sources always give the same bytes.
set -euo pipefail
fail() { echo "gradescope-bundle: $*" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || fail "usage: scripts/gradescope-bundle.sh ASSIGNMENT_DIR [OUT.zip]"
repo=$(cd "$(dirname "$0")/.." && pwd)
assignment=$(cd "$1" 2>/dev/null && pwd) || fail "no such folder: $1"
[ -f "$assignment/assignment.json" ] || fail "$1 has no assignment.json"
[ -f "$assignment/expected.json" ] || fail "$1 has no expected.json (run: tilegrade expect $1)"
out=${2:-$PWD/$(basename "$assignment")-gradescope.zip}

python3 - "$repo" "$assignment" "$out" <<'PY'
import os, stat, sys, zipfile

repo, assignment, out = sys.argv[1:4]
EXECUTABLE = {"setup.sh", "run_autograder", "tilegrade/scripts/setup.sh"}

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
# What scripts/setup.sh needs to build: CMakeLists.txt globs engine/, grader/ and the unit tests.
source = [(os.path.join(repo, "CMakeLists.txt"), "CMakeLists.txt"),
          (os.path.join(repo, "scripts/setup.sh"), "scripts/setup.sh")]
for folder in ("engine", "grader", "tests/engine", "tests/grader"):
    source += files_under(repo, folder, (".h", ".cpp"))
entries += [(path, "tilegrade/" + name) for path, name in source]
entries += [(path, "assignment/" + name) for path, name in files_under(assignment, ".")]
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
