#!/usr/bin/env bash
# `tilegrade pdb build`: builds into the cache folder, finds good files there afterwards, rebuilds
# a damaged one, honours --force and $TILEGRADE_CACHE, and exits 2 on bad input.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

# First run: both 4-tile tables of the 3x3 split are built; each has 9!/5! placements.
build44() { $T pdb build --size 3x3 --goal blank-first --partition 4-4 --cache "$work/c" "$@"; }
build44 --json > "$work/1.json" || fail "first build exit $?"
python3 - "$work/1.json" "$work/c" <<'PY'
import json, math, os, sys
d = json.load(open(sys.argv[1]))
assert d["partition"] == "4-4" and d["size"] == "3x3" and d["mirror_applies"] is True, d
assert d["cache"] == sys.argv[2]
assert [p["tiles"] for p in d["patterns"]] == [[1, 2, 4, 5], [3, 6, 7, 8]]
for p in d["patterns"]:
    assert p["source"] == "built" and p["saved"] is True, p
    assert p["entries"] == math.perm(9, 4), p["entries"]
    assert os.path.dirname(p["path"]) == sys.argv[2] and os.path.isfile(p["path"]), p["path"]
    assert 0 < p["mean"] < p["max"] <= 31, p
PY

# Second run: the same files, loaded and checked, nothing rebuilt.
build44 --json > "$work/2.json"
python3 - "$work/1.json" "$work/2.json" <<'PY'
import json, sys
first, second = (json.load(open(p)) for p in sys.argv[1:3])
assert [p["source"] for p in second["patterns"]] == ["loaded", "loaded"], second
assert [p["max"] for p in first["patterns"]] == [p["max"] for p in second["patterns"]]
PY

# A flipped byte in one file's values: that table is rebuilt, the note says why.
victim=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["patterns"][1]["path"])' \
  "$work/1.json")
python3 - "$victim" <<'PY'
import sys
path = sys.argv[1]
data = bytearray(open(path, "rb").read())
data[72 + 100] ^= 0x55
open(path, "wb").write(data)
PY
build44 --json > "$work/3.json"
python3 - "$work/3.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
sources = [p["source"] for p in d["patterns"]]
assert sources == ["loaded", "rebuilt"], sources
assert "checksum" in d["patterns"][1]["note"], d["patterns"][1]["note"]
PY

# --force rebuilds everything; the text output names the reflection's condition.
build44 --force > "$work/force.txt"
[ "$(grep -c ': rebuilt in' "$work/force.txt")" = 2 ] || fail "--force did not rebuild both"
grep -q "reflection (max with the mirrored board): applies" "$work/force.txt" ||
  fail "no mirror line"

# $TILEGRADE_CACHE is the default folder; a 2x3 board has no mirror.
TILEGRADE_CACHE="$work/env" $T pdb build --size 2x3 --partition 1,2/3,4,5 > "$work/env.txt"
[ "$(find "$work/env" -name '*.pdb' | wc -l)" = 2 ] || fail "files not in \$TILEGRADE_CACHE"
grep -q "does not apply" "$work/env.txt" || fail "2x3 should say the reflection does not apply"

# Bad input: exit 2 and a message (JSON: an "error" member).
expect_bad() {
  local code=0
  "$@" > "$work/bad.out" 2> "$work/bad.err" || code=$?
  [ "$code" = 2 ] || fail "expected exit 2 from: $* (got $code)"
}
expect_bad $T pdb build --size 9x9 --cache "$work/c"
expect_bad $T pdb build --size 4x4 --partition 1,2/2,3 --cache "$work/c"
grep -q "two patterns" "$work/bad.err" || fail "no message for a repeated tile"
expect_bad $T pdb build --size 4x4 --partition 6-6-6-6 --cache "$work/c" --json
python3 -c 'import json, sys; assert "unknown partition" in json.load(open(sys.argv[1]))["error"]' \
  "$work/bad.out"
expect_bad $T pdb build --size 3x3 --goal "1 2 3" --cache "$work/c"
expect_bad $T pdb build --partition 4-4
# A cache that cannot be written is an output not written, as in every command: exit 3, one line.
touch "$work/not-a-folder"
code=0
$T pdb build --size 2x3 --partition 1,2 --cache "$work/not-a-folder/sub" > "$work/bad.out" \
  2> "$work/bad.err" || code=$?
[ "$code" = 3 ] || fail "an unwritable cache: exit $code, expected 3"
grep -q "could not be cached" "$work/bad.err" || fail "no message for an unwritable cache"
[ "$(wc -l < "$work/bad.err")" = 1 ] || fail "an unwritable cache: not one line: $(cat "$work/bad.err")"
echo "ok"
