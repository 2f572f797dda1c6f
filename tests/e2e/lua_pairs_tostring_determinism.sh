#!/usr/bin/env bash
# The same class graded six times gives six byte-identical gradebooks and report sets, even when
# the scripts' results hang on what stock Lua 5.4 changes from process to process: the order of
# pairs() over string keys (the string-hash seed mixes the clock and addresses) and what
# tostring({}), print and string.format('%p'/'%s') show of a table or function (its address).
# tilegrade's Lua has a fixed seed and names objects by a per-state counter (lua/lua.cmake).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

# The reference solution, with each search's count shifted by what a stock Lua would randomise:
# bfs by the order pairs() visits string keys, dfs by the digits of tostring({}) and friends.
hostile() {  # SALT: a different set of string keys per student
  cat $R/solution.lua
  cat <<LUA
local salt = "$1"
local function pairs_order_digest()
  local keys = { Up = 1, Down = 2, Left = 3, Right = 4 }
  for i = 1, 40 do keys[salt .. i] = i end
  local digest, position = 0, 0
  for key in pairs(keys) do
    position = position + 1
    digest = (digest * 31 + position * #key + key:byte(-1)) % 1000003
  end
  return digest
end
local function address_digest()
  local shown = tostring({}) .. tostring(print) .. tostring(function() end)
    .. string.format("%p %s", {}, coroutine.create(print))
  local digest = 0
  for digit in shown:gmatch("%x") do digest = (digest * 16 + tonumber(digit, 16)) % 1000003 end
  return digest
end
local reference_bfs, reference_dfs = bfs, dfs
function bfs(problem)
  local path, expanded = reference_bfs(problem)
  return path, expanded + pairs_order_digest() % 5
end
function dfs(problem)
  local path, expanded = reference_dfs(problem)
  return path, expanded + address_digest() % 5
end
LUA
}
C=$work/class
mkdir -p "$C/carol"
hostile alpha > "$C/alice.lua"
hostile beta > "$C/bob.lua"
hostile gamma > "$C/carol/submission.lua"
cp $R/solution.lua "$C/dora.lua"

for run in 1 2 3 4 5 6; do  # into the same folder each time: the summary names it
  rm -rf "$work/out"
  "$T" batch "$A" "$C" --out "$work/out" --jobs 2 > "$work/summary$run" 2> "$work/err$run" ||
    fail "batch run $run exit $?: $(cat "$work/err$run")"
  mv "$work/out" "$work/out$run"
done
[ -s "$work/out1/gradebook.csv" ] || fail "no gradebook"
reports=$(find "$work/out1" -type f | wc -l)
[ "$reports" -ge 5 ] || fail "only $reports files in the first run's output"
for run in 2 3 4 5 6; do
  diff -r "$work/out1" "$work/out$run" > "$work/diff$run" ||
    fail "run $run differs from run 1: $(head -20 "$work/diff$run")"
  cmp -s "$work/summary1" "$work/summary$run" || fail "run $run's summary differs from run 1's"
done
rows=$(grep -cE '^(alice|bob|carol|dora),' "$work/out1/gradebook.csv") || true
[ "$rows" = 4 ] || fail "the gradebook has $rows of the 4 students: $(cat "$work/out1/gradebook.csv")"
echo "lua_pairs_tostring_determinism: 6 runs, $reports identical files each"
