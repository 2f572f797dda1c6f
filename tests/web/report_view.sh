#!/usr/bin/env bash
# The HTML report's step-through view (issue 35) in Debian's chromium, driven with the keyboard
# alone (tests/web/drive_report.js), over the report of every bundled mutant:
#   - every page loads without a console message or a request, and its views are drawn;
#   - on every view, Home then the right arrow reaches the highlighted step, and that step is the
#     judge's: the diagnosis's own step when it names an expansion, else the page's "First
#     divergence" (drawn without the script); End, p and d move where they say;
#   - every mutant whose expansion order differs gets a view on its failing visible tests;
#   - sizes: a report under 2 MB, a view under 300 KB;
#   - screenshots of an order, a path and a heuristic mistake (and a heuristic's informedness
#     chart) go to $REPORT_VIEW_ARTIFACTS
#     (default build-web/artifacts), and the time to render the largest report is printed.
# Not part of ctest (it needs chromium and puppeteer-core): scripts/web-test.sh runs it.
set -euo pipefail
cd "$(dirname "$0")/../.."
WEB_BUILD_DIR=${WEB_BUILD_DIR:-build-web}
BUILD_DIR=${BUILD_DIR:-build}
T=$BUILD_DIR/tilegrade
artifacts=${REPORT_VIEW_ARTIFACTS:-$WEB_BUILD_DIR/artifacts}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$artifacts"
[ "${SKIP_SETUP:-}" = 1 ] || scripts/web-test-setup.sh

pages="[]"
for mutant in reference/*/mutants/*.lua; do
  name=$(basename "$(dirname "$(dirname "$mutant")")")
  id="$name-$(basename "$mutant" .lua)"
  for format in html json; do
    code=0
    "$T" grade "assignments/$name" "$mutant" --format "$format" > "$tmp/$id.$format" || code=$?
    [ "$code" = 1 ] || { echo "FAIL: grade $mutant: exit $code, expected 1" >&2; exit 1; }
  done
  pages=$(python3 -c 'import json, sys; p = json.loads(sys.argv[1])
p.append({"id": sys.argv[2], "file": sys.argv[3]}); print(json.dumps(p))' \
    "$pages" "$id" "$tmp/$id.html")
done

# The three kinds photographed: an order mistake, a path mistake, a heuristic's counterexample.
python3 - "$pages" "$artifacts" "$tmp/plan.json" <<'PY'
import json, sys
pages, artifacts, out = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
shots = {
    "classic-8puzzle-bfs_pushes_in_reverse": [
        {"test": "bfs: published-2", "selector": ".through", "file": "view-order.png"}],
    "astar-manhattan-drops_last_move": [
        {"test": "astar: four-moves", "selector": "", "file": "view-path.png"}],
    "heuristic-challenge-manhattan_counts_blank": [
        {"test": "3x3: astar-example", "selector": "", "file": "view-heuristic.png"}],
    "heuristic-challenge-out_of_place": [
        {"test": "3x3: informedness", "selector": "", "file": "view-informedness.png"}],
}
for page in pages:
    page["shots"] = shots.get(page["id"], [])
json.dump({"artifacts": artifacts, "pages": pages}, open(out, "w"))
PY
NODE_PATH="$WEB_BUILD_DIR/tools/node_modules" node tests/web/drive_report.js "$tmp/plan.json" \
  "$tmp/out.json"

PYTHONPATH=tests/web python3 - "$tmp" "$tmp/out.json" <<'PY'
import json, os, re, sys
from view_checks import view_problems
tmp, result = sys.argv[1], json.load(open(sys.argv[2]))
problems = list(result["problems"])
largest = (0, "")
largest_view = (0, "")
views_seen = 0
for page_id, page in sorted(result["pages"].items()):
    html = open(os.path.join(tmp, page_id + ".html"), encoding="utf-8").read()
    size = len(html.encode("utf-8"))
    largest = max(largest, (size, page_id))
    if size >= 2_000_000:
        problems.append("%s: the report is %d bytes (at most 2 MB)" % (page_id, size))
    for block in re.findall(r'<section class="through".*?</section>', html, re.S):
        largest_view = max(largest_view, (len(block.encode("utf-8")), page_id))
        if len(block.encode("utf-8")) >= 300_000:
            problems.append("%s: a view is %d bytes (at most 300 KB)" % (page_id, len(block)))
    report = json.load(open(os.path.join(tmp, page_id + ".json"), encoding="utf-8"))
    assert all("extra_data" in test for test in report["tests"]), page_id  # a report file's fields
    views_seen += len(page["views"])
    problems.extend(view_problems(page_id, report, page["views"]))
if problems:
    print("\n".join("FAIL: " + p for p in problems))
    sys.exit(1)
slowest = max(result["pages"].items(), key=lambda item: item[1]["render_ms"])
print("report_view: %d pages, %d views stepped with the keyboard; largest report %s, %d bytes, "
      "rendered in %d ms (slowest page %s, %d ms); largest view %d bytes (%s)" %
      (len(result["pages"]), views_seen, largest[1], largest[0],
       result["pages"][largest[1]]["render_ms"], slowest[0], slowest[1]["render_ms"],
       largest_view[0], largest_view[1]))
PY
echo "report_view: ok"
