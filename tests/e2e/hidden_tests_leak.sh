#!/usr/bin/env bash
# Nothing a student's report says of a hidden test lets a script learn it (issue 48 §6): a
# diagnosis-only test gives one verdict for the test, never one per check (each check's verdict is
# a bit a script can choose from the hidden board: failing "count" when the first tile is odd,
# "order" when the second is, ... rebuilt hidden boards in a few submissions); and a visible test
# skipped after a hidden one ran out of time says why without naming the hidden test.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
A=$work/secretive
cp -r assignments/slider-2x3 "$A"
python3 - "$A/assignment.json" <<'PY'
import json, sys
path = sys.argv[1]
spec = json.load(open(path))
spec["limits"]["call_seconds"] = 1
spec["limits"]["test_seconds"] = 1
bfs = next(t for t in spec["tasks"] if t["name"] == "bfs")
# A hidden test first, named for its board, then the task's own tests (visible first).
bfs["tests"].insert(0, {"name": "secret-26-moves-from-corner", "start": "0 5 4 3 2 1",
                        "visibility": "hidden"})
dfs = next(t for t in spec["tasks"] if t["name"] == "dfs")
for test in dfs["tests"]:
    test["visibility"] = "diagnosis"
json.dump(spec, open(path, "w"), indent=2)
PY
"$T" expect "$A" > /dev/null
# bfs: hangs on the hidden test's board only. dfs: fails "count" alone when the board's first
# tile is odd, a bit of the hidden board the per-check verdicts would have told.
cat > "$work/probe.lua" <<'LUA'
local function solve(problem)
  local start = problem.start
  local frontier, head, parent = {start}, 1, {[problem:key(start)] = false}
  local moves_of = {}
  while head <= #frontier do
    local board = frontier[head]
    head = head + 1
    if problem:is_goal(board) then
      local path, key = {}, problem:key(board)
      while parent[key] do
        table.insert(path, 1, moves_of[key])
        key = parent[key]
      end
      return path, head - 1
    end
    for _, s in ipairs(problem:successors(board)) do
      local k = problem:key(s.state)
      if parent[k] == nil then
        parent[k] = problem:key(board)
        moves_of[k] = s.action
        frontier[#frontier + 1] = s.state
      end
    end
  end
end
function bfs(problem)
  if problem.start[1] == 0 and problem.start[2] == 5 then while true do end end
  return solve(problem)
end
function dfs(problem)
  local path, count = solve(problem)
  if problem.start[1] % 2 == 1 then count = count + 1 end
  return path, count
end
LUA
code=0
"$T" grade "$A" "$work/probe.lua" --format gradescope > "$work/report.json" 2> "$work/err" ||
  code=$?
[ "$code" = 1 ] || fail "grade exited $code: $(head -c 300 "$work/err")"
python3 - "$work/report.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
problems = []
shown = [t for t in report["tests"] if t.get("visibility") == "visible"]
for test in shown:
    if "secret" in test["output"] or "26-moves" in test["output"]:
        problems.append(f"{test['name']} names the hidden test: {test['output']}")
    if "secret" in test["name"]:
        problems.append(f"the hidden test is shown: {test['name']}")
if not any("not shown yet" in t["output"] for t in shown if t["name"].startswith("bfs")):
    problems.append("no visible bfs test says why it was not run: "
                    + " | ".join(t["output"][:120] for t in shown if t["name"].startswith("bfs")))
for test in shown:
    if test["extra_data"].get("visibility") != "diagnosis":
        continue
    if test["extra_data"].get("checks"):
        problems.append(f"{test['name']}: per-check verdicts {test['extra_data']['checks']}")
    for word in ("count", "path", "order", "cost"):
        if f"{word}: ok" in test["output"] or f"{word}: FAIL" in test["output"]:
            problems.append(f"{test['name']}: shows the {word} check's verdict: {test['output']}")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
echo "hidden_tests_leak: ok"
