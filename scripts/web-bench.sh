#!/usr/bin/env bash
# The check page's figures, each beside its native peer measured in the same run: the time of
# `check` for the classic-8puzzle reference in headless chromium against native `tilegrade check`
# (goal: under 3x; the first check, a warm one, and the grading alone inside the worker), and the
# page's total download size, gzip -9 per file (goal: under 2 MB).
# Benchmarks report; they never pass or fail. Usage: scripts/web-bench.sh [RUNS] (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
WEB_BUILD_DIR=${WEB_BUILD_DIR:-build-web}
BUILD_DIR=${BUILD_DIR:-build}
site=$WEB_BUILD_DIR/bench-site
tmp=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

scripts/web-test-setup.sh
scripts/web-build.sh --out "$site"  # every bundled assignment: the whole download
A=$site/assignments/classic-8puzzle
S=reference/classic-8puzzle/solution.lua

best_native=""
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  "$BUILD_DIR/tilegrade" check "$A" "$S" >/dev/null
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ -z "$best_native" ] || [ "$ms" -lt "$best_native" ]; then best_native=$ms; fi
done

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
server=$!
sleep 1
python3 - "$runs" "$S" "$tmp/plan.json" <<'PY'
import json, sys
runs, script, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
checks = [{"id": "run%d" % i, "assignment": "classic-8puzzle", "script": script,
           "name": "solution.lua"} for i in range(runs)]
json.dump({"artifacts": "/tmp", "checks": checks}, open(out, "w"))
PY
NODE_PATH="$WEB_BUILD_DIR/tools/node_modules" node tests/web/drive_page.js \
  "http://127.0.0.1:$port/" "$tmp/plan.json" "$tmp/page.json"
python3 - "$tmp/page.json" "$best_native" "$site" <<'PY'
import gzip, json, os, sys
page, native, site = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3]
checks = list(page["checks"].values())
first, warm = checks[0]["ms"], min(c["ms"] for c in checks[1:] or checks)
grading = min(c["grading_ms"] for c in checks)
print("check classic-8puzzle reference, native tilegrade check: %d ms (best of %d)" % (native, len(checks)))
print("  browser, first check (worker and WebAssembly already warming since page load): %d ms, "
      "%.1fx" % (first, first / native))
print("  browser, warm worker, click to report shown: %d ms, %.1fx" % (warm, warm / native))
print("  browser, grading alone inside the worker: %d ms, %.1fx (goal < 3x)"
      % (grading, grading / native))
raw = packed = 0
for folder, _, files in os.walk(site):
    for name in files:
        data = open(os.path.join(folder, name), "rb").read()
        raw += len(data)
        packed += len(gzip.compress(data, 9))
print("page download: %.0f KiB gzip -9 (%.0f KiB raw), goal < 2048 KiB" % (packed / 1024, raw / 1024))
for problem in page.get("problems", []):
    print("note: " + problem)
PY
