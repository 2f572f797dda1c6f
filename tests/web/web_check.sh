#!/usr/bin/env bash
# The check page end to end, in Debian's chromium: builds the page (scripts/web-build.sh) for the
# bundled assignments plus tests/web/runaway-limits, serves it on 127.0.0.1, and checks that
#   - every reference solution and every mutant gets on the page exactly the results (scores,
#     statuses, outputs, diagnoses) of native `tilegrade check` on the same student copy, and the
#     copy gets the scores of the instructor's assignment;
#   - hostile scripts (an endless loop, a memory bomb, a top level that never ends, a markup
#     error message) are stopped with their message, and the page still grades afterwards;
#   - the Stop button ends a running check while the page stays responsive;
#   - the page fetches nothing outside its folder and logs no error (CSP violations included);
#   - every step-through view in the page's reports, driven with the keyboard alone inside the
#     report's frame, reaches its highlighted step, and that step is the judge's; every failing
#     visible test whose order differs has one (compare.py).
# Screenshots of a pass, a fail and a view at its highlighted step go to $WEB_CHECK_ARTIFACTS
# (default build-web/artifacts).
# Not part of ctest (it builds the WebAssembly target): scripts/web-test.sh runs it, and CI calls
# that after the normal suites.
set -euo pipefail
cd "$(dirname "$0")/../.."
WEB_BUILD_DIR=${WEB_BUILD_DIR:-build-web}
BUILD_DIR=${BUILD_DIR:-build}
T=$BUILD_DIR/tilegrade
artifacts=${WEB_CHECK_ARTIFACTS:-$WEB_BUILD_DIR/artifacts}
site=$WEB_BUILD_DIR/test-site
tmp=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$artifacts"

scripts/web-test-setup.sh
scripts/web-build.sh --out "$site" assignments/*/ tests/web/runaway-limits

# Native results: the student copy the page carries, and the instructor's assignment itself.
native() {  # ASSIGNMENT_DIR SCRIPT OUT
  local code=0
  # --no-repair: the page searches for no repair (docs/browser.md says why), so its report is
  # native check's without one.
  "$T" check "$1" "$2" --format gradescope --no-repair > "$3" || code=$?
  [ "$code" = 0 ] || [ "$code" = 1 ] || { echo "FAIL: native check $1 $2: exit $code" >&2; exit 1; }
}
checks="[]"
add_check() {  # ID ASSIGNMENT SCRIPT EXPECT [MESSAGE] [SCREENSHOT] [VIEW_SCREENSHOT]
  native "$site/assignments/$2" "$3" "$tmp/$1.native.json"
  checks=$(python3 - "$checks" "$1" "$2" "$3" "$4" "${5:-}" "${6:-}" "$tmp/$1.native.json" \
    "${7:-}" <<'PY'
import json, os, sys
checks = json.loads(sys.argv[1])
id_, assignment, script, expect, message, screenshot, native, view_screenshot = sys.argv[2:10]
checks.append({"id": id_, "assignment": assignment, "script": script,
               "name": os.path.basename(script), "expect": expect, "message": message,
               "screenshot": screenshot or None, "native": native,
               "view_screenshot": view_screenshot or None})
print(json.dumps(checks))
PY
)
}

copy_differs=""
for folder in assignments/*/; do
  name=$(basename "$folder")
  for script in reference/"$name"/solution.lua reference/"$name"/mutants/*.lua; do
    id="$name/$(basename "$script" .lua)"
    shot=""
    [ "$id" = "classic-8puzzle/solution" ] && shot="pass.png"
    [ "$id" = "classic-8puzzle/bfs_goal_on_generate" ] && shot="fail.png"
    view_shot=""
    [ "$id" = "classic-8puzzle/bfs_pushes_in_reverse" ] && view_shot="page-view-order.png"
    add_check "${id//\//__}" "$name" "$script" same "" "$shot" "$view_shot"
    # The student copy must grade like the instructor's assignment under `check`.
    native "$folder" "$script" "$tmp/full.json"
    if ! python3 - "$tmp/full.json" "$tmp/${id//\//__}.native.json" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
strip = lambda r: (round(r["score"], 6), [(t["name"], round(t["score"], 6), t["status"], t.get("tags"))
                                          for t in r["tests"]])
sys.exit(0 if strip(a) == strip(b) else 1)
PY
    then copy_differs+=" $id"; fi
  done
done
[ -z "$copy_differs" ] || { echo "FAIL: the student copy grades differently:$copy_differs" >&2; exit 1; }

add_check hostile__loop runaway-limits tests/web/hostile/loop_in_bfs.lua stopped "still running after"
add_check hostile__memory runaway-limits tests/web/hostile/memory_bomb.lua same
add_check hostile__top_level runaway-limits tests/web/hostile/top_level_loop.lua stopped \
  "still running after"
add_check hostile__markup runaway-limits tests/web/hostile/markup_message.lua same "" markup.png
add_check after__classic classic-8puzzle reference/classic-8puzzle/solution.lua same

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" \
    2>/dev/null && break
  sleep 0.2
done

python3 - "$checks" "$artifacts" "$tmp/plan.json" <<'PY'
import json, sys
checks = json.loads(sys.argv[1])
last = checks.pop()  # the reference again, after the hostile scripts and the Stop button
plan = {"artifacts": sys.argv[2], "checks": checks, "after": [last],
        "stop": {"assignment": "runaway-limits", "script": "tests/web/hostile/loop_in_bfs.lua",
                 "name": "loop_in_bfs.lua"}}
json.dump(plan, open(sys.argv[3], "w"))
PY
NODE_PATH="$WEB_BUILD_DIR/tools/node_modules" node tests/web/drive_page.js \
  "http://127.0.0.1:$port/" "$tmp/plan.json" "$tmp/page.json"
cp "$tmp/page.json" "$artifacts/page-results.json"
python3 tests/web/compare.py "$tmp/plan.json" "$tmp/page.json"
echo "web_check: all checks agree with native tilegrade check; screenshots in $artifacts"
