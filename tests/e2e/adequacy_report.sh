#!/usr/bin/env bash
# The mutation-adequacy report's suggestions: --suggest is deterministic (same seed, same
# suggestion). The report on every bundled assignment (its figures add up, every search task tests
# the start-is-the-goal case, every variant reference/<name>/adequacy.json records as detected is
# still detected, every equivalent variant states its reason) is checked in
# validate_assignments.sh, right after validate has computed the same adequacy, from the cache.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

# Same seed, same suggestion, each computed in full (--no-cache: as it was before the cache).
for run in a b; do
  "$TILEGRADE" tests assignments/slider-2x3 --suggest --seed 7 --max-boards 60 --no-cache --json \
    >"$work/$run.json" 2>"$work/$run.err" || true
done
cmp -s "$work/a.json" "$work/b.json" || check_failed "--suggest with one seed gave two answers"
grep -q '"suggested_tests"' "$work/a.json" || check_failed "--suggest printed no suggested_tests"
# Its progress, written to a file (no terminal), is whole lines, no carriage return: here on an
# assignment whose one test starts at the goal, which leaves most mistakes undetected.
mkdir -p "$work/thin"
cat > "$work/thin/assignment.json" <<'JSON'
{"title": "thin", "size": "2x3",
 "tasks": [{"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
            "tests": [{"name": "start-is-goal", "start": "1 2 3 4 5 0"}]}]}
JSON
"$TILEGRADE" expect "$work/thin" > /dev/null
"$TILEGRADE" tests "$work/thin" --suggest --max-boards 20 --no-cache > /dev/null 2> "$work/thin.err" || true
! grep -q $'\r' "$work/thin.err" || check_failed "--suggest wrote carriage returns into a file"
grep -q "^task bfs: looking for boards that catch [0-9]* undetected mistakes" "$work/thin.err" &&
  grep -q "^task bfs: [0-9]* boards\? tried, [0-9]* mistakes\? left$" "$work/thin.err" ||
  check_failed "--suggest did not say its progress in lines: $(cat "$work/thin.err")"

# Every board by its distance first, and said so; --by path keeps only boards that change the
# path or its cost, so a counter's mistake (which changes no path) is looked for and never found.
"$TILEGRADE" tests "$work/thin" --suggest --max-boards 200 --no-cache > "$work/thin.txt" \
  2> /dev/null || true
grep -q "^  tests to add ([0-9]* boards tried: every board within [0-9]* moves of the goal" \
  "$work/thin.txt" ||
  check_failed "--suggest did not say how far it looked: $(cat "$work/thin.txt")"
"$TILEGRADE" tests "$work/thin" --suggest --by path --max-boards 200 --json > "$work/path.json" \
  2> /dev/null || true
python3 - "$work/path.json" <<'PY' || check_failed "--by path (above)"
import json, sys
task = json.load(open(sys.argv[1]))["tasks"][0]
assert task["suggested_by"] == "path", task
assert task["every_board_within_moves"] >= 1, task
assert "counts-popped" in task["still_undetected"], task["still_undetected"]
assert all("counts-popped" not in t["detects"] for t in task["suggested_tests"]), task
PY
"$TILEGRADE" tests "$work/thin" --suggest --by path --max-boards 200 > "$work/path.txt" \
  2> /dev/null || true
grep -q "^  no board tried changes the path or its cost for .*counts-popped" "$work/path.txt" &&
  grep -q "^    (no difference on every board within [0-9]* moves of the goal" "$work/path.txt" ||
  check_failed "--by path did not say what it did not find: $(cat "$work/path.txt")"

# Which check catches each detected mistake, without --verbose: grouped by the checks, a counter
# mistake flagged as caught by the count alone (in the summary too), each equivalence reason once.
"$TILEGRADE" tests assignments/slider-2x3 > "$work/report.txt" 2> /dev/null || true
grep -q "^task bfs: [0-9]* variants, [0-9]* detected ([0-9]* by the count alone)" "$work/report.txt" ||
  check_failed "the summary does not count the mistakes caught by the count alone"
grep "^  detected by the count alone ([0-9]*): " "$work/report.txt" | grep -q "counts-popped" ||
  check_failed "counts-popped is not shown as caught by the count alone"
grep -q "^  detected by [a-z, ]*order[a-z, ]* ([0-9]*): .*push-order-reverse" "$work/report.txt" ||
  check_failed "push-order-reverse is not shown with the order check"
reasons=$(awk '/^task /{task=$2} /^  equivalent  /{sub(/^[^:]*: /, ""); print task $0}' \
  "$work/report.txt" | sort | uniq -d)
[ -z "$reasons" ] || check_failed "an equivalence reason is said twice in one task: $reasons"
"$TILEGRADE" tests assignments/slider-2x3 --json > "$work/report.json" 2> /dev/null || true
python3 - "$work/report.json" <<'PY' || check_failed "--json's detecting_checks (above)"
import json, sys
for task in json.load(open(sys.argv[1]))["tasks"]:
    for d in task["details"]:
        if d["status"] != "detected":
            assert "detecting_checks" not in d, d
            continue
        assert d["detecting_checks"], d
        assert d["count_alone"] == (d["detecting_checks"] == ["count"]), d
        if d["variant"] == "counts-popped":
            assert d["count_alone"], d
PY

echo "adequacy report: --suggest is deterministic; each detected mistake with its checks"
