#!/usr/bin/env bash
# The packages, from the tested build folder: one cpack run makes
# tilegrade_<version>_<arch>.deb and tilegrade-<version>-Linux-<arch>.tar.gz. The .deb depends on
# no library and holds the CLI, the bundled assignments (with their reference solutions and
# mutants), the cluster scripts, the README and its docs/; the tar.gz holds the same tree in one
# folder. Unpacked into an empty root (dpkg-deb -x, what dpkg -i puts on disk), the package's own
# binary grades its own copy of an assignment, with nothing else in that root, and makes a
# Gradescope zip and a PrairieLearn course that ship it (the zip then validated and run as
# Gradescope runs it). With TILEGRADE_DEB_ROOTS (a folder of minimal roots made by debootstrap,
# e.g. bookworm/ jammy/ noble/), the .deb is also installed with dpkg into a copy of each and run
# there.
#   TILEGRADE_STATIC_BINARY  BUILD/static/tilegrade (as static_binary.sh); cpack runs in BUILD
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
skip() { [ "${CI:-}" = true ] && fail "$*"; echo "$*: skipped"; exit 0; }
command -v dpkg-deb > /dev/null || skip "no dpkg-deb"
is_static() {  # no loader, no shared library (read whole: grep -q would cut the pipe short)
  local headers
  headers=$(LC_ALL=C readelf -l -d "$1" 2>/dev/null) && ! grep -q "INTERP\|(NEEDED)" <<< "$headers"
}
bin=${TILEGRADE_STATIC_BINARY:-}
case "$bin" in none:*) echo "no static binary in this build (${bin#none: }): skipped"; exit 0 ;; esac
[ -n "$bin" ] || ! is_static "$T" || bin=$T
[ -n "$bin" ] || skip "no static binary (configure with -DTILEGRADE_STATIC=ON)"
build=$(dirname "$(dirname "$bin")")  # BUILD/static/tilegrade
grep -q "^TILEGRADE_STATIC:BOOL=ON" "$build/CMakeCache.txt" 2>/dev/null ||
  fail "$build is not a build folder with TILEGRADE_STATIC=ON"

(cd "$build" && cpack -B "$work/pkg" > "$work/cpack.log") || fail "cpack: $(tail -5 "$work/cpack.log")"
deb=$(ls "$work"/pkg/tilegrade_*.deb) || fail "no .deb: $(ls "$work/pkg")"
tgz=$(ls "$work"/pkg/tilegrade-*-Linux-*.tar.gz) || fail "no tar.gz: $(ls "$work/pkg")"
dpkg-deb --field "$deb" Package | grep -qx tilegrade || fail "package name"
depends=$(dpkg-deb --field "$deb" Depends)
[ -z "$depends" ] || fail "the static package depends on $depends"
dpkg-deb --field "$deb" Architecture | grep -qx amd64 || fail "architecture"
dpkg-deb --contents "$deb" > "$work/contents.txt"
for path in usr/bin/tilegrade usr/share/tilegrade/assignments/classic-8puzzle/expected.json \
            usr/share/tilegrade/reference/classic-8puzzle/solution.lua \
            usr/share/tilegrade/distribute/slurm-batch.sh usr/share/doc/tilegrade/README.md \
            usr/share/doc/tilegrade/docs/cli.md; do
  grep -q " \./$path$" "$work/contents.txt" || fail "the .deb has no /$path"
done
top=$(basename "$tgz" .tar.gz)
tar -tzf "$tgz" > "$work/tgz.txt"
for path in bin/tilegrade share/tilegrade/assignments/classic-8puzzle/expected.json \
            share/doc/tilegrade/README.md share/doc/tilegrade/docs/cli.md; do
  grep -qx "$top/$path" "$work/tgz.txt" || fail "the tar.gz has no $top/$path"
done
! grep -v "^$top/" "$work/tgz.txt" | grep -q . || fail "the tar.gz has files outside $top/"

# The packaged binary is the static one, byte for byte once stripped.
root="$work/root"
dpkg-deb -x "$deb" "$root"
is_static "$root/usr/bin/tilegrade" || fail "the packaged tilegrade is not static"
mkdir -p "$work/tar" && tar -xzf "$tgz" -C "$work/tar"
cmp -s "$root/usr/bin/tilegrade" "$work/tar/$top/bin/tilegrade" ||
  fail "the .deb and the tar.gz hold different binaries"

score() {  # ROOT: `tilegrade check` of the packaged assignment, in ROOT when this is root
  if [ "$(id -u)" = 0 ]; then
    mkdir -p "$1/tmp"
    cp reference/classic-8puzzle/solution.lua "$1/tmp/solution.lua"
    chroot "$1" /usr/bin/tilegrade check /usr/share/tilegrade/assignments/classic-8puzzle \
      /tmp/solution.lua
  else
    "$1/usr/bin/tilegrade" check "$1/usr/share/tilegrade/assignments/classic-8puzzle" \
      reference/classic-8puzzle/solution.lua
  fi
}
score "$root" > "$work/check.txt" || fail "check from the package: exit $?"
# The shipped assignments validate where they are installed: their reference solutions and
# mutants are beside them, where `validate` looks.
"$root/usr/bin/tilegrade" validate "$root/usr/share/tilegrade/assignments/classic-8puzzle" \
  > "$work/validate.txt" 2>&1 || fail "validate on the packaged assignment: $(tail -3 "$work/validate.txt")"
# The package makes a Gradescope bundle alone (no source tree, no python, no zip program): it
# ships its own binary, and the unpacked zip validates and grades as Gradescope runs it.
packaged=$root/usr/share/tilegrade
(cd "$work" && "$root/usr/bin/tilegrade" bundle gradescope "$packaged/assignments/slider-2x3") \
  > "$work/bundle.txt" 2>&1 || fail "bundle from the package: $(tail -3 "$work/bundle.txt")"
grep -q "^valid: " "$work/bundle.txt" || fail "bundle said no validation: $(cat "$work/bundle.txt")"
zip=$work/slider-2x3-gradescope.zip
autograder=$work/autograder
python3 - "$zip" "$autograder/source" <<'PY' || fail "the package's zip: above"
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as bundle:
    for info in bundle.infolist():
        os.chmod(bundle.extract(info, sys.argv[2]), (info.external_attr >> 16) & 0o777)
PY
cmp -s "$root/usr/bin/tilegrade" "$autograder/source/tilegrade/build/tilegrade" ||
  fail "the package's zip does not ship the package's binary"
env -u TILEGRADE "$autograder/source/setup.sh" > "$work/setup.txt" 2>&1 ||
  fail "setup.sh of the package's zip: $(tail -3 "$work/setup.txt")"
mkdir -p "$autograder/submission"
cp reference/slider-2x3/solution.lua "$autograder/submission/"
AUTOGRADER_ROOT=$autograder env -u TILEGRADE "$autograder/source/run_autograder" \
  > "$work/run.txt" 2>&1 || fail "run_autograder of the package's zip: $(tail -3 "$work/run.txt")"
python3 - "$autograder/results/results.json" <<'PY' || fail "results.json of the package's zip"
import json, sys
results = json.load(open(sys.argv[1]))
assert results["tests"] and all(t["status"] == "passed" for t in results["tests"]), results
assert results["score"] == results["max_score"], (results["score"], results["max_score"])
PY
# And a PrairieLearn course, with the same binary.
"$root/usr/bin/tilegrade" bundle prairielearn "$packaged/assignments/slider-2x3" "$work/course" \
  > "$work/course.txt" 2>&1 || fail "prairielearn from the package: $(tail -3 "$work/course.txt")"
cmp -s "$root/usr/bin/tilegrade" "$work/course/serverFilesCourse/tilegrade/tilegrade" ||
  fail "the package's course does not ship the package's binary"

# The packaged binary and assignment give what the tested binary gives.
"$T" check assignments/classic-8puzzle reference/classic-8puzzle/solution.lua > "$work/built.txt" || true
grep -q "^Score: " "$work/built.txt" || fail "check from the build tree printed no score"
cmp -s <(grep "^Score: " "$work/check.txt") <(grep "^Score: " "$work/built.txt") ||
  fail "check from the package: $(grep Score "$work/check.txt"), build tree: $(grep Score "$work/built.txt")"

installed=""
if [ -n "${TILEGRADE_DEB_ROOTS:-}" ]; then
  [ "$(id -u)" = 0 ] || fail "TILEGRADE_DEB_ROOTS needs root (dpkg --root, chroot)"
  for system in "$TILEGRADE_DEB_ROOTS"/*/; do
    system=$(basename "$system")
    copy="$work/system-$system"
    cp -a "$TILEGRADE_DEB_ROOTS/$system" "$copy"
    cp "$deb" "$copy/tmp/tilegrade.deb"
    chroot "$copy" dpkg -i /tmp/tilegrade.deb > "$work/dpkg-$system.log" 2>&1 ||
      fail "dpkg -i on $system: $(tail -5 "$work/dpkg-$system.log")"
    score "$copy" > "$work/check-$system.txt" || fail "check on $system: exit $?"
    cmp -s <(grep "^Score: " "$work/check-$system.txt") <(grep "^Score: " "$work/built.txt") ||
      fail "check on $system: $(grep Score "$work/check-$system.txt")"
    installed+=" $system"
    rm -rf --one-file-system "$copy"
  done
fi
echo "debian_package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB), $(basename "$tgz")" \
     "($(du -k "$tgz" | cut -f1) KiB) from one cpack run; unpacks and grades${installed:+; installed on$installed}"
