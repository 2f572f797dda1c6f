#!/usr/bin/env bash
# The semantics fields of issue 19 reach `tilegrade solve --semantics` by their documented names and
# change what they say they change: count_offset the printed count, rounds_counted the counters,
# round_growth idastar's rounds, start_marked the start's expansions, parent_link the path, and
# duplicates closed-on-expand a depth-limited search. Each run is compared with the same search
# without the field (the engine's own figures are held to the model by tests/engine).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
failures=0

# solve NAME SEMANTICS-JSON SOLVE-ARGS...: writes $work/NAME.json
solve() {
  local name=$1 semantics=$2
  shift 2
  printf '%s\n' "$semantics" >"$work/$name.semantics.json"
  if ! "$TILEGRADE" solve --json --trace --semantics "$work/$name.semantics.json" "$@" \
    >"$work/$name.json" 2>"$work/$name.err"; then
    echo "FAIL: $name: $(cat "$work/$name.err")"
    failures=$((failures + 1))
  fi
}

near=(--size 3x3 --start "1 2 3 0 4 6 7 5 8")
far=(--size 3x3 --start "4 1 2 7 0 6 8 3 5")
solve bfs '{}' "${near[@]}" --algorithm bfs
solve bfs_offset '{"count_offset": 1, "count": "popped"}' "${near[@]}" --algorithm bfs
solve bfs_unmarked '{"start_marked": "no"}' "${near[@]}" --algorithm bfs
solve bfs_closed '{"duplicates": "closed-on-pop"}' --size 2x3 --start "1 0 5 4 3 2" --algorithm bfs
solve bfs_closed_last '{"duplicates": "closed-on-pop", "parent_link": "last"}' \
  --size 2x3 --start "1 0 5 4 3 2" --algorithm bfs
solve iddfs '{"at_depth_limit": "cut-off"}' "${near[@]}" --algorithm iddfs
solve iddfs_last '{"at_depth_limit": "cut-off", "rounds_counted": "last"}' "${near[@]}" --algorithm iddfs
solve idastar '{}' "${far[@]}" --algorithm idastar
solve idastar_plus_one '{"round_growth": "plus-one"}' "${far[@]}" --algorithm idastar
solve dls_closed_on_expand '{"duplicates": "closed-on-expand", "at_depth_limit": "cut-off", "depth_limit": 4}' \
  "${near[@]}" --algorithm dls
((failures == 0)) || exit 1

python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
r = {name: json.load(open(f"{work}/{name}.json")) for name in [
    "bfs", "bfs_offset", "bfs_unmarked", "bfs_closed", "bfs_closed_last", "iddfs", "iddfs_last",
    "idastar", "idastar_plus_one", "dls_closed_on_expand"]}
checks = [
    ("count_offset 1 adds one to the popped count",
     r["bfs_offset"]["count"] == r["bfs"]["counters"]["popped"] + 1),
    ("count_offset is echoed in the resolved semantics", r["bfs_offset"]["semantics"]["count_offset"] == 1),
    ("start_marked no expands the start twice",
     r["bfs_unmarked"]["trace"].count(r["bfs_unmarked"]["trace"][0]) == 2
     and r["bfs_unmarked"]["counters"]["expanded"] == r["bfs"]["counters"]["expanded"] + 1),
    ("parent_link last keeps the path's length and changes its moves",
     r["bfs_closed_last"]["length"] == r["bfs_closed"]["length"]
     and r["bfs_closed_last"]["moves"] != r["bfs_closed"]["moves"]),
    ("rounds_counted last counts fewer expansions over the same rounds",
     r["iddfs_last"]["counters"]["expanded"] < r["iddfs"]["counters"]["expanded"]
     and r["iddfs_last"]["iterations"] == r["iddfs"]["iterations"]
     and len(r["iddfs_last"]["trace"]) == len(r["iddfs"]["trace"])),
    ("round_growth plus-one takes 2n - 1 rounds for idastar's n",
     r["idastar_plus_one"]["iterations"] == 2 * r["idastar"]["iterations"] - 1
     and r["idastar_plus_one"]["moves"] == r["idastar"]["moves"]),
    ("closed-on-expand is read and echoed",
     r["dls_closed_on_expand"]["semantics"]["duplicates"] == "closed-on-expand"),
]
bad = [label for label, ok in checks if not ok]
for label in bad:
    print("FAIL:", label)
if bad:
    sys.exit(1)
print(f"ok: {len(checks)} semantics fields through solve --semantics")
PY

# A bad value is refused with the file, the field and the accepted values, exit 2.
printf '{"round_growth": "double"}\n' >"$work/bad.json"
status=0
"$TILEGRADE" solve --size 3x3 --start "1 2 3 0 4 6 7 5 8" --algorithm idastar \
  --semantics "$work/bad.json" >"$work/bad.out" 2>"$work/bad.err" || status=$?
if ((status != 2)) || ! grep -q "round_growth" "$work/bad.err" || ! grep -q "plus-one" "$work/bad.err"; then
  echo "FAIL: a bad round_growth: exit $status, said: $(cat "$work/bad.err")"
  exit 1
fi
echo "ok: a bad round_growth is refused (exit 2)"
