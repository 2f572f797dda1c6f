#!/usr/bin/env bash
# The Debian package, from the build ctest tested: cpack makes tilegrade_<version>_<arch>.deb whose
# control file names the runtime libraries, and which holds the CLI and the bundled assignments.
# Unpacked into an empty root (dpkg-deb -x, what dpkg -i puts on disk), its own binary grades its
# own copy of an assignment. (Installing it with apt into a fresh Debian 12 root made by
# debootstrap is slow and needs a network: see README, "Packaging", for that run and its figures.)
set -euo pipefail
T=${TILEGRADE:?set by ctest}
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
build=$(dirname "$T")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v dpkg-deb > /dev/null || { [ "${CI:-}" = true ] && fail "no dpkg-deb"; echo "no dpkg-deb: skipped"; exit 0; }

(cd "$build" && cpack -G DEB -B "$work/pkg" > "$work/cpack.log") || fail "cpack: $(tail -5 "$work/cpack.log")"
deb=$(ls "$work"/pkg/tilegrade_*.deb)
dpkg-deb --field "$deb" Package | grep -qx tilegrade || fail "package name"
depends=$(dpkg-deb --field "$deb" Depends)
for lib in liblua5.4-0 libfmt9 libyaml-cpp0.7 libseccomp2; do
  [[ "$depends" == *"$lib"* ]] || fail "Depends lacks $lib: $depends"
done
dpkg-deb --contents "$deb" > "$work/contents.txt"
grep -q " ./usr/bin/tilegrade$" "$work/contents.txt" || fail "no /usr/bin/tilegrade"
grep -q " ./usr/share/tilegrade/assignments/classic-8puzzle/expected.json$" "$work/contents.txt" ||
  fail "no bundled assignment"

root="$work/root"
dpkg-deb -x "$deb" "$root"
"$root/usr/bin/tilegrade" check "$root/usr/share/tilegrade/assignments/classic-8puzzle" \
  reference/classic-8puzzle/solution.lua > "$work/check.txt" || fail "check from the package: exit $?"
# The packaged binary and assignment give what the build tree gives.
"$T" check assignments/classic-8puzzle reference/classic-8puzzle/solution.lua > "$work/built.txt" || true
grep -q "^Score: " "$work/built.txt" || fail "check from the build tree printed no score"
cmp -s <(grep "^Score: " "$work/check.txt") <(grep "^Score: " "$work/built.txt") ||
  fail "check from the package: $(grep Score "$work/check.txt"), build tree: $(grep Score "$work/built.txt")"
echo "debian_package: $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) unpacks and grades"
