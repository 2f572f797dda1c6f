#!/usr/bin/env bash
# regrade and batch --compare against a careless TA and edited folders (issue 48 §5): a new folder
# that is the old one, inside it, or a link to it is refused (exit 2) before anything is written;
# links in a folder they read are never followed (out of it, or round a loop); a hand-edited
# class.json nested 300,000 deep is no crash; raw ESC and bidi characters from edited old reports
# never reach the output; a score of 1e308 never prints as inf.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
A=assignments/slider-2x3
R=reference/slider-2x3
mkdir -p "$work/class"
cp $R/solution.lua "$work/class/alice.lua"
cp $R/mutants/bfs_goal_on_generate.lua "$work/class/bob.lua"
"$T" batch "$A" "$work/class" --out "$work/g" > /dev/null
"$T" batch "$A" "$work/class" --out "$work/h" > /dev/null
snapshot() { (cd "$1" && find . -print0 | sort -z | xargs -0 ls -ld --time-style=+%s.%N | \
  awk '{print $1, $5, $6, $7}'; find . -type f -print0 | sort -z | xargs -0 md5sum); }
snapshot "$work/g" > "$work/g.before"

refused() {  # WHAT CMD...: exit 2 with one line, and g/ unchanged
  local what=$1 code=0
  shift
  "$@" > "$work/out" 2> "$work/err" || code=$?
  [ "$code" = 2 ] || check_failed "$what: exit $code, expected 2 ($(head -c 300 "$work/err"))"
  [ "$(wc -l < "$work/err")" = 1 ] || check_failed "$what: not one line: $(cat "$work/err")"
  snapshot "$work/g" > "$work/g.after"
  cmp -s "$work/g.before" "$work/g.after" || {
    check_failed "$what: the old folder changed: $(diff "$work/g.before" "$work/g.after" | head -5)"
    rm -rf "$work/g" && "$T" batch "$A" "$work/class" --out "$work/g" > /dev/null &&
      snapshot "$work/g" > "$work/g.before"
  }
}
refused "--out inside --compare" "$T" batch "$A" "$work/class" --compare "$work/g" \
  --out "$work/g/regrade.v2"
[ ! -e "$work/g/regrade.v2" ] || check_failed "--out inside --compare was made"
refused "regrade g g --publish" "$T" regrade "$work/g" "$work/g" --publish
ln -s g "$work/g-link"
refused "regrade g g-link" "$T" regrade "$work/g" "$work/g-link"
refused "regrade g g-link --publish" "$T" regrade "$work/g" "$work/g-link" --publish
mkdir -p "$work/g/sub"
snapshot "$work/g" > "$work/g.before"
refused "regrade g g/sub" "$T" regrade "$work/g" "$work/g/sub"

# Edited old reports: a test name with ESC and a right-to-left override, a score of 1e308; links
# out of the folder and round a loop; a class.json nested 300,000 deep in the new folder.
python3 - "$work/g/reports/alice.json" "$work/g/reports/bob.json" "$work/h/class.json" <<'PY'
import json, sys
alice = json.load(open(sys.argv[1]))
alice["tests"][0]["extra_data"]["name"] = "bfs: pub\x1b[2Jlished\u202e"
alice["tests"][0]["extra_data"]["passed"] = not alice["tests"][0]["extra_data"]["passed"]
json.dump(alice, open(sys.argv[1], "w"))
bob = json.load(open(sys.argv[2]))
bob["score"] = 1e308
json.dump(bob, open(sys.argv[2], "w"))
open(sys.argv[3], "w").write("[" * 300_000 + "]" * 300_000)
PY
cp "$work/h/reports/alice.json" "$work/outside.json"
ln -s "$work/outside.json" "$work/g/reports/mallory.json"
ln -s loop.json "$work/g/reports/loop.json"
code=0
"$T" regrade "$work/g" "$work/h" > "$work/out" 2> "$work/err" || code=$?
[ "$code" = 0 ] || check_failed "regrade of edited folders: exit $code ($(head -c 300 "$work/err"))"
if LC_ALL=C grep -q $'\x1b\|\xe2\x80\xae' "$work/out" "$work/h/regrade.txt" "$work/h/regrade.csv"; then
  check_failed "a raw ESC or bidi control reached the output"
fi
grep -q 'pub\\x1B\[2Jlished\\u{202E}' "$work/out" ||
  check_failed "the edited test name is not shown escaped: $(head -20 "$work/out")"
if grep -qw "inf" "$work/out" "$work/h/regrade.csv"; then
  check_failed "a score printed as inf: $(grep -w inf "$work/out" | head -3)"
fi
if grep -q "mallory\|loop" "$work/out"; then
  check_failed "a link in reports/ was followed: $(grep "mallory\|loop" "$work/out")"
fi
# A disk that fills during --publish is named as such, and the old grading stays whole.
if ! unshare -m true 2> /dev/null; then
  if [ "${CI:-}" = true ]; then
    check_failed "unshare -m is not available: a full disk cannot be tested"
  else
    echo "skip: unshare -m is not available (not root?): a full disk is not tested"
  fi
else
  rm -rf "$work/g" "$work/h"
  "$T" batch "$A" "$work/class" --out "$work/g" > /dev/null
  "$T" batch "$A" "$work/class" --out "$work/h" > /dev/null
  mkdir -p "$work/full"
  cat > "$work/full_disk.sh" <<'SH'
set -uo pipefail
T=$1 work=$2
mount -t tmpfs -o size=1m tilegrade-full "$work/full" || { echo "FAIL: cannot mount a tmpfs"; exit 1; }
cp -r "$work/g" "$work/full/g"
dd if=/dev/zero of="$work/full/filler" bs=4k 2> /dev/null  # until the file system is full
code=0
"$T" regrade "$work/full/g" "$work/h" --publish > /dev/null 2> "$work/publish.err" || code=$?
status=0
[ "$code" = 3 ] || { echo "FAIL: --publish into a full disk: exit $code"; status=1; }
[ "$(wc -l < "$work/publish.err")" = 1 ] && grep -q "the disk is full" "$work/publish.err" ||
  { echo "FAIL: the full disk is not named: $(cat "$work/publish.err")"; status=1; }
cmp -s "$work/g/gradebook.csv" "$work/full/g/previous-1/gradebook.csv" &&
  diff -r "$work/g/reports" "$work/full/g/previous-1/reports" > /dev/null ||
  { echo "FAIL: the old grading is not whole in previous-1"; status=1; }
umount "$work/full"
exit $status
SH
  unshare -m bash "$work/full_disk.sh" "$T" "$work" || check_failed "a full disk during --publish"
fi
[ "$e2e_failed_checks" = 0 ] || exit 1
echo "regrade_hostile: ok"
