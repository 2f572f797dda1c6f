#!/usr/bin/env bash
# `tilegrade solve --heuristic FILE.lua`: a Lua Manhattan gives the same path and counters as the
# built-in manhattan; a script that does not parse gives exit 2 and a file:line message; a script
# stuck inside one library call gives exit 1 and a message instead of a hang.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

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

# A heuristic stuck inside one library call (a catastrophic pattern, where no hook fires) ends
# solve with exit 1 and a message, 2 s after its 5 s time limit, instead of hanging it: as text on
# stderr, or as the error document on stdout with --json.
cat >"$work/stuck.lua" <<'LUA'
function heuristic(board)
  string.find(('a'):rep(1e5), ('a*'):rep(100) .. 'b')
  return 0
end
LUA
stuck() {  # text | json
  local mode=$1 status=0 flag="" started=$SECONDS took
  [ "$mode" = json ] && flag="--json"
  timeout 60 "$TILEGRADE" solve --size 2x3 --start "4 1 2 5 0 3" --algorithm astar \
    --heuristic "$work/stuck.lua" $flag >"$work/$mode.out" 2>"$work/$mode.err" || status=$?
  took=$((SECONDS - started))
  if [ "$status" -ne 1 ]; then
    echo "stuck script ($mode): expected exit 1, got $status after ${took}s" >&2
    return 1
  fi
  if [ "$mode" = text ]; then
    grep -q "stuck inside one library call" "$work/text.err" ||
      { echo "stuck script: no message in: $(cat "$work/text.err")" >&2; return 1; }
  else
    python3 -c 'import json, sys; assert "stuck" in json.load(open(sys.argv[1]))["error"]' \
      "$work/json.out" || { echo "stuck script: no error document: $(cat "$work/json.out")" >&2; return 1; }
  fi
  echo "ok: stuck script ($mode): exit 1 after ${took}s"
}
# Lua 5.4.4's gmatch iterator reused after an error inside it overflowed the C stack and killed
# solve (exit 139): the sandbox's gmatch raises the error again instead, and the script runs in a
# child process anyway, so even a crash would cost the answer, not the command.
cat >"$work/gmatch.lua" <<'LUA'
function heuristic(board)
  local it = string.gmatch(("a"):rep(300000), ("a?"):rep(300000))
  pcall(it)
  it()
  return 0
end
LUA
status=0
"$TILEGRADE" solve --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm astar \
  --heuristic "$work/gmatch.lua" --json >"$work/gmatch.json" 2>"$work/gmatch.err" || status=$?
if [ "$status" -ne 1 ]; then
  echo "gmatch reuse: expected exit 1, got $status: $(cat "$work/gmatch.err")" >&2
  exit 1
fi
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["status"] == "heuristic-failed" and "pattern too complex" in d["message"], d' \
  "$work/gmatch.json"
echo "ok: gmatch reused after an error: exit 1, pattern too complex"

stuck text & text_job=$!
stuck json & json_job=$!  # side by side: each waits 7 s
wait "$text_job"
wait "$json_job"
