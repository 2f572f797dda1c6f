#!/usr/bin/env bash
# `tilegrade solve --algorithm idastar --heuristic pdb[:PARTITION]`: optimal lengths, the fast
# solver's answer identical to the generic engine's (--trace forces the generic engine), and bad
# heuristic names rejected with exit 2.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
export TILEGRADE_CACHE="$work/cache"

# One of the two 8-puzzle states 31 moves from the blank-last goal.
FAR="8 6 7 2 5 4 3 0 1"
$T solve --size 3x3 --start "$FAR" --algorithm idastar --heuristic pdb:4-4 --json > "$work/fast.json"
$T solve --size 3x3 --start "$FAR" --algorithm idastar --heuristic pdb:4-4 --json --trace \
  > "$work/generic.json"
$T solve --size 3x3 --start "$FAR" --algorithm bfs --json > "$work/bfs.json"
python3 - "$work/fast.json" "$work/generic.json" "$work/bfs.json" <<'PY'
import json, sys
fast, generic, bfs = (json.load(open(p)) for p in sys.argv[1:4])
assert fast["solved"] and fast["length"] == 31 == bfs["length"], (fast["length"], bfs["length"])
assert "trace" in generic and "trace" not in fast
for key in ("moves", "length", "cost", "counters", "iterations", "semantics", "count"):
    assert fast[key] == generic[key], (key, fast[key], generic[key])
assert len(generic["trace"]) == generic["counters"]["expanded"]
PY

# Plain "pdb" picks the default partition; on 3x3 that is one table of all 8 tiles (exact), so
# IDA* walks straight down a shortest path: one round, 31 expansions.
$T solve --size 3x3 --start "$FAR" --algorithm idastar --heuristic pdb --json > "$work/exact.json"
python3 - "$work/exact.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["length"] == 31 and d["iterations"] == 1 and d["counters"]["expanded"] == 31, d["counters"]
PY

# A 15-puzzle from Korf's set (instance 79, optimal 42 per korf100.txt), small 3-tile tables.
KORF79="0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15"
grep -q "^$KORF79 42$" "${TILEGRADE_SHARED_DIR:-$TILEGRADE_SOURCE_DIR/../shared}/data/korf100.txt" ||
  fail "instance 79 is not in korf100.txt as expected"
$T solve --size 4x4 --goal blank-first --start "$KORF79" --algorithm idastar \
  --heuristic pdb:1,2,3/4,5,6/7,8,9/10,11,12/13,14,15 --json > "$work/korf.json"
python3 - "$work/korf.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["solved"] and d["length"] == 42, d["length"]
PY
[ "$(find "$TILEGRADE_CACHE" -name '4x4_*.pdb' | wc -l)" = 5 ] || fail "tables not cached"

# Bad heuristic names: exit 2 with the reason.
for bad in "pdb:bogus" "pdb:1,2/2,3" "pdb:6-6-6-6"; do
  code=0
  $T solve --size 4x4 --goal blank-first --start "$KORF79" --algorithm idastar --heuristic "$bad" \
    2> "$work/err" > /dev/null || code=$?
  [ "$code" = 2 ] || fail "--heuristic $bad: exit $code, expected 2"
  grep -qE "unknown partition|two patterns" "$work/err" || fail "--heuristic $bad: $(cat "$work/err")"
done
echo "ok"
