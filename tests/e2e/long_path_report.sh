#!/usr/bin/env bash
# A path as long as a script may return (999,998 moves) keeps the HTML report and its step-through
# views within their bounds (2 MB a page, 300 KB a view, as tests/web/report_view.sh holds the
# bundled mutants to): the path is replayed from one copy of its first 10,000 moves, written out
# up to its first 2,000, and each place says how long the whole path is (issue 48 §7).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
{ cat reference/classic-8puzzle/solution.lua; cat <<'LUA'
local correct_bfs = bfs
function bfs(problem)
  local path, expanded = correct_bfs(problem)
  if path == nil then return path, expanded end
  -- The right path, then back and forth to 999,998 moves.
  local long = {}
  for i = 1, #path do long[i] = path[i] end
  local back = { Left = "Right", Right = "Left", Up = "Down", Down = "Up" }
  local first = path[1] or "Left"
  while #long + 2 <= 999998 do
    long[#long + 1] = back[first]
    long[#long + 1] = first
  end
  return long, expanded
end
LUA
} > "$work/long.lua"
expect_exit 1 "$T" grade assignments/classic-8puzzle "$work/long.lua" --task bfs --format html \
  > "$work/report.html"
python3 - "$work/report.html" <<'PY'
import re, sys
html = open(sys.argv[1], encoding="utf-8").read()
problems = []
size = len(html.encode("utf-8"))
if size >= 2_000_000:
    problems.append(f"the report is {size} bytes (at most 2 MB)")
views = re.findall(r'<section class="through".*?</section>', html, re.S)
if not views:
    problems.append("no step-through view: the bound below proves nothing")
for view in views:
    if len(view.encode("utf-8")) >= 300_000:
        problems.append(f"a view is {len(view.encode('utf-8'))} bytes (at most 300 KB)")
if "999998 moves in all, the first 2000 shown" not in html:
    problems.append("the page does not say how long the cut path is")
if "replay of your path (its first 10000 of 999998 moves)" not in html:
    problems.append("the replay does not say it plays the first moves")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
echo "long_path_report: ok"
