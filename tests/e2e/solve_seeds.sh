#!/usr/bin/env bash
# The figures the seed assignments publish (/work/shared/seeds, see its README), reproduced through
# `tilegrade solve --json` with the semantics files of tests/semantics/. Every expected value below
# is printed or asserted in a seed notebook, or given in the issue that asked for this test.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-.}"
failures=0

# expect LABEL CONDITIONS -- SOLVE-ARGS...: runs `solve --json` and checks each condition, a
# Python expression over the parsed document `r` (conditions are separated by ';').
expect() {
  local label=$1 conditions=$2 status=0
  shift 3
  "$TILEGRADE" solve --json "$@" >"$work/out.json" 2>"$work/err.txt" || status=$?
  if ((status != 0)); then
    echo "FAIL: $label: exit code $status ($(cat "$work/err.txt"))"
    failures=$((failures + 1))
    return
  fi
  python3 - "$work/out.json" "$label" "$conditions" "$work/published.py" <<'PY' ||
import json, os, sys
r = json.load(open(sys.argv[1]))
label, conditions, published = sys.argv[2], sys.argv[3], sys.argv[4]
names = {"r": r}
if os.path.exists(published):
    exec(open(published).read(), names)
failed = [c.strip() for c in conditions.split(";") if c.strip() and not eval(c.strip(), names)]
if failed:
    print(f"FAIL: {label}: " + "; ".join(failed))
    print(f"      got moves {r['moves']} ({r['length']} moves), count {r['count']}, "
          f"counters {r['counters']}")
    sys.exit(1)
print(f"ok: {label}: {r['moves'][:24]}{'...' if len(r['moves']) > 24 else ''} "
      f"({r['length']} moves), count {r['count']}")
PY
    failures=$((failures + 1))
}

# --- Seed 003: blank-first goal, on-push duplicates, goal test on pop, UDLR, DFS pushes reversed.
# Its asserts: bfs(...) == (10, ['Up', 'Left', 'Left']), dfs(...) == (402, [396 moves below]),
# bfs/dfs(3 1 2 0 4 5 6 7 8) == (1, ['Up']), ast(...)[1] == ['Up', 'Left', 'Left'].
expect "seed 003 bfs" "r['count'] == 10; r['path'] == ['Up', 'Left', 'Left']" -- \
  --size 3x3 --start "1 2 5 3 4 0 6 7 8" --goal blank-first --algorithm bfs \
  --semantics tests/semantics/seed003.json
expect "seed 003 bfs, one move" "r['count'] == 1; r['path'] == ['Up']" -- \
  --size 3x3 --start "3 1 2 0 4 5 6 7 8" --goal blank-first --algorithm bfs \
  --semantics tests/semantics/seed003.json
expect "seed 003 dfs, one move" "r['count'] == 1; r['path'] == ['Up']" -- \
  --size 3x3 --start "3 1 2 0 4 5 6 7 8" --goal blank-first --algorithm dfs \
  --semantics tests/semantics/seed003.json
expect "seed 003 astar" "r['path'] == ['Up', 'Left', 'Left']" -- \
  --size 3x3 --start "1 2 5 3 4 0 6 7 8" --goal blank-first --algorithm astar \
  --heuristic manhattan --semantics tests/semantics/seed003_astar.json

# The DFS path exactly as the notebook's assert prints it (003_557f2117ed085422.txt).
cat >"$work/published.py" <<'PY'
SEED003_DFS_PATH = ['Down', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left',
'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down',
'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left',
'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up',
'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
'Down', 'Right', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down',
'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right',
'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left',
'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Right', 'Down',
'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down',
'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right',
'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left',
'Down', 'Down', 'Right', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down',
'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down',
'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up',
'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Right',
'Down', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down',
'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Left',
'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down',
'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Right',
'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Left',
'Up', 'Right', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up',
'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Right', 'Up', 'Up',
'Left', 'Down', 'Down', 'Right', 'Up', 'Up', 'Left', 'Down', 'Right', 'Up', 'Left', 'Down',
'Down', 'Right', 'Right', 'Up', 'Up', 'Left', 'Down', 'Down', 'Left', 'Up', 'Up', 'Right', 'Down',
'Down', 'Left', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Up', 'Right', 'Down', 'Down',
'Left', 'Up', 'Up', 'Right', 'Down', 'Down', 'Left', 'Up', 'Right', 'Up', 'Left']
PY
# The transcription itself is checked against the seed file, found where the bench finds it. A
# checkout without the seeds only says so; under CI=true that is a failure, not a skip.
seed003="${TILEGRADE_SHARED_DIR:-${TILEGRADE_SOURCE_DIR:-.}/../shared}/seeds/003_557f2117ed085422.txt"
if [ ! -f "$seed003" ]; then
  echo "solve_seeds: $seed003 is missing: the seed 003 transcription is not checked"
  [ "${CI:-}" = true ] && failures=$((failures + 1))
else
  python3 - "$work/published.py" "$seed003" <<'PY' || failures=$((failures + 1))
import re, sys
exec(open(sys.argv[1]).read())
text = open(sys.argv[2]).read()
match = re.search(r"assert dfs\(PuzzleBoard\(\[1,3,0,4,2,5,6,7,8\]\)\) == \(402, (\[.*?\])\)", text)
if not match or eval(match.group(1)) != SEED003_DFS_PATH:
    sys.exit("FAIL: the transcribed seed 003 DFS path differs from the seed file")
print("ok: seed 003 dfs path transcription matches the seed file")
PY
fi
expect "seed 003 dfs" "r['count'] == 402; r['length'] == 396; r['path'] == SEED003_DFS_PATH" -- \
  --size 3x3 --start "1 3 0 4 2 5 6 7 8" --goal blank-first --algorithm dfs \
  --semantics tests/semantics/seed003.json

# --- Seed 001: blank-last goal, counts every pop ("states evaluated"), from 4 1 2 / 7 0 6 / 8 3 5.
# The notebook prints each step as "Move tile from (r, c) to (r', c')"; the blank goes the other
# way, so its BFS and A* steps read D R U L D L U U R R D D, and the DFS's first twelve
# R D L L U R R U L L D R (the rest of its 50 steps are cut off in the seed file).
expect "seed 001 bfs" "r['count'] == 2062; r['counters']['popped'] == 2062; r['length'] == 12;
  r['moves'] == 'DRULDLUURRDD'" -- \
  --size 3x3 --start "4 1 2 7 0 6 8 3 5" --algorithm bfs \
  --semantics tests/semantics/seed001_bfs.json
expect "seed 001 dfs, depth limit 60" "r['count'] == 138444; r['length'] == 50;
  r['moves'].startswith('RDLLURRULLDR')" -- \
  --size 3x3 --start "4 1 2 7 0 6 8 3 5" --algorithm dfs \
  --semantics tests/semantics/seed001_dfs.json
expect "seed 001 astar" "r['count'] == 42; r['length'] == 12; r['moves'] == 'DRULDLUURRDD'" -- \
  --size 3x3 --start "4 1 2 7 0 6 8 3 5" --algorithm astar --heuristic manhattan \
  --semantics tests/semantics/seed001_astar.json

# --- Seed 002: blank-last goal, popped states already seen are skipped, u d l r pushed in order.
expect "seed 002 dfs" "r['length'] == 29; r['moves'].lower().startswith('lldrrulldrr')" -- \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm dfs \
  --semantics tests/semantics/seed002_search.json
expect "seed 002 bfs" "r['moves'].lower() == 'lldrdr'" -- \
  --size 3x3 --start "2 3 0 1 4 6 7 5 8" --algorithm bfs \
  --semantics tests/semantics/seed002_search.json

# --- Seed 000: the 2x3 slider; "Puzzle solved in 2 steps, 6 nodes processed" (len(came_from)),
# the blank moving down then right (printed tile-centred as "Move UP (tile 2)", "Move LEFT").
expect "seed 000 astar" "r['count'] == 6; r['counters']['discovered'] == 6;
  r['path'] == ['Down', 'Right']" -- \
  --size 2x3 --start "1 0 3 4 2 5" --algorithm astar --heuristic manhattan \
  --semantics tests/semantics/seed000_astar.json

if ((failures)); then
  echo "$failures seed figure(s) not reproduced"
  exit 1
fi
echo "all seed figures reproduced"
