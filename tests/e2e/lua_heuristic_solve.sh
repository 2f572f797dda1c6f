#!/usr/bin/env bash
# `tilegrade solve --heuristic FILE.lua`: a Lua Manhattan gives the same path and counters as the
# built-in manhattan; a script that does not parse gives exit 2 and a file:line message.
set -euo pipefail
: "${TILEGRADE:?path of the tilegrade binary}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/manhattan.lua" <<'LUA'
function heuristic(board)
  local sum = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      sum = sum + math.abs(board:row(cell) - board:row(goal))
                + math.abs(board:col(cell) - board:col(goal))
    end
  end
  return sum
end
LUA
printf 'function heuristic(board)\n  return 1 +\nend\n' >"$work/broken.lua"

compare() {  # size start algorithm
  "$TILEGRADE" solve --size "$1" --start "$2" --algorithm "$3" --heuristic manhattan --json \
    >"$work/native.json"
  "$TILEGRADE" solve --size "$1" --start "$2" --algorithm "$3" --heuristic "$work/manhattan.lua" \
    --json >"$work/lua.json"
  python3 - "$work/native.json" "$work/lua.json" "$*" <<'PY'
import json, sys
native, lua = (json.load(open(path)) for path in sys.argv[1:3])
assert native["solved"], native
for field in ("solved", "moves", "cost", "counters"):
    if native[field] != lua[field]:
        sys.exit(f"{sys.argv[3]}: {field} differs: native {native[field]} lua {lua[field]}")
print(f"ok: {sys.argv[3]}: {lua['moves']} expanded {lua['counters']['expanded']}")
PY
}
compare 3x3 "8 6 7 2 5 4 3 0 1" astar
compare 3x3 "4 1 2 7 0 6 8 3 5" idastar
compare 2x3 "4 1 2 5 0 3" greedy
compare 4x4 "1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12" astar

status=0
"$TILEGRADE" solve --size 3x3 --start "1 2 3 4 5 6 7 0 8" --algorithm astar \
  --heuristic "$work/broken.lua" 2>"$work/err.txt" >/dev/null || status=$?
if [ "$status" -ne 2 ]; then
  echo "broken script: expected exit 2, got $status" >&2
  exit 1
fi
if ! grep -q "broken.lua:3:" "$work/err.txt"; then
  echo "broken script: no file:line in: $(cat "$work/err.txt")" >&2
  exit 1
fi
echo "ok: broken script: exit 2, $(cat "$work/err.txt")"
