#!/usr/bin/env bash
# `tilegrade solve --json` prints one JSON document with the contract's keys (docs/cli.md),
# consistent with itself: the path replays from start to goal, the trace (only with
# --trace) is the expanded boards in order, one per expansion, starting with the start.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
failures=0

# check SIZE START GOAL TRACE(yes|no) SOLVE-ARGS...
check() {
  local size=$1 start=$2 goal=$3 trace=$4
  shift 4
  local flags=(--json)
  [ "$trace" = yes ] && flags+=(--trace)
  "$TILEGRADE" solve --size "$size" --start "$start" --goal "$goal" "${flags[@]}" "$@" \
    >"$work/out.json"
  python3 - "$work/out.json" "$size" "$start" "$goal" "$trace" "$*" <<'PY' ||
import json, sys
path, size, start, goal, trace, label = sys.argv[1:]
text = open(path).read()
r = json.loads(text)  # one document: json.loads refuses trailing data
rows, cols = map(int, size.split("x"))
start = [int(t) for t in start.split()]
if goal == "blank-last":
    goal = list(range(1, rows * cols)) + [0]
elif goal == "blank-first":
    goal = list(range(rows * cols))
else:
    goal = [int(t) for t in goal.split()]

problems = []
def need(condition, what):
    if not condition:
        problems.append(what)

for key, kind in [("solved", bool), ("moves", str), ("path", list), ("length", int),
                  ("cost", int), ("counters", dict)]:
    need(isinstance(r.get(key), kind), f"key {key} missing or not {kind.__name__}")
counters = r.get("counters", {})
for key in ["expanded", "popped", "generated", "pushed", "discovered", "max_frontier", "max_depth"]:
    need(isinstance(counters.get(key), int) and counters[key] >= 0, f"counters.{key} missing")
need(("trace" in r) == (trace == "yes"), "trace present exactly when --trace is given")
if problems:
    sys.exit(f"FAIL: {label}: " + "; ".join(problems))

names = {"U": "Up", "D": "Down", "L": "Left", "R": "Right"}
need(r["solved"], "not solved")
need(r["path"] == [names[m] for m in r["moves"]], "path and moves disagree")
need(r["length"] == len(r["path"]), "length is not the number of moves")
# Replay the moves of the blank from the start.
board = list(start)
for move in r["moves"]:
    blank = board.index(0)
    row, col = divmod(blank, cols)
    row += {"U": -1, "D": 1}.get(move, 0)
    col += {"L": -1, "R": 1}.get(move, 0)
    if not (0 <= row < rows and 0 <= col < cols):
        problems.append(f"move {move} leaves the board")
        break
    target = row * cols + col
    board[blank], board[target] = board[target], board[blank]
need(board == goal, "the moves do not reach the goal")
c = counters
need(c["popped"] >= c["expanded"], "popped < expanded")
need(c["pushed"] >= 1 and c["discovered"] >= 1, "the start is pushed and discovered")
need(c["max_depth"] >= r["length"] or c["max_depth"] == 0, "max_depth below the solution depth")
if trace == "yes":
    need(len(r["trace"]) == c["expanded"], "one trace entry per expansion")
    need(all(sorted(t) == list(range(rows * cols)) for t in r["trace"]), "trace boards are boards")
    need(not r["trace"] or r["trace"][0] == start, "the first expansion is the start")
if problems:
    sys.exit(f"FAIL: {label}: " + "; ".join(problems))
print(f"ok: {label}: {r['moves']} cost {r['cost']}, expanded {c['expanded']}"
      + (f", trace of {len(r['trace'])}" if trace == "yes" else ""))
PY
    failures=$((failures + 1))
}

check 3x3 "1 2 5 3 4 0 6 7 8" blank-first yes --algorithm bfs
check 3x3 "1 2 5 3 4 0 6 7 8" blank-first no --algorithm bfs
check 3x3 "4 1 2 7 0 6 8 3 5" blank-last yes --algorithm astar --heuristic linear-conflict
check 3x3 "4 1 2 7 0 6 8 3 5" blank-last no --algorithm idastar
check 2x3 "1 0 3 4 2 5" blank-last yes --algorithm ucs --semantics tests/semantics/tile_cost.json
check 2x3 "4 1 3 0 2 5" "1 2 3 4 5 0" yes --algorithm dfs
check 3x3 "8 6 7 2 5 4 3 0 1" "1 2 3 4 5 6 7 8 0" no --algorithm weighted-astar --weight 1.5
check 3x4 "1 2 3 4 5 6 0 8 9 10 7 11" blank-last yes --algorithm iddfs
check 2x2 "1 2 3 0" blank-last yes --algorithm greedy --heuristic misplaced

# Under the tile cost model the cost is the sum of the tiles slid, not the number of moves:
# 1 . 3 / 4 2 5 to the goal slides 2 then 5.
"$TILEGRADE" solve --size 2x3 --start "1 0 3 4 2 5" --algorithm ucs --json \
  --semantics tests/semantics/tile_cost.json >"$work/cost.json"
python3 - "$work/cost.json" <<'PY' && echo "ok: tile cost is 2 + 5" || failures=$((failures + 1))
import json, sys
r = json.load(open(sys.argv[1]))
assert r["cost"] == 7 and r["length"] == 2, r
PY

if ((failures)); then
  echo "$failures JSON document(s) broke the contract"
  exit 1
fi
echo "every --json document has the contract's keys and is consistent"
