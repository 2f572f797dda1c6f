#!/usr/bin/env bash
# The HTML report's step-through view of a repaired task (issue 49: "the step-through view shows
# the repaired run's first difference gone"), through the CLI, on a bundled mutant whose repair is
# known: classic-8puzzle's reference with one token changed, its dfs skipping each board's first
# child (`for i = #children, 2, -1 do`), which the repair search mends at that line:
#   - the failing visible test's view carries a third side, the script as the repair edits it,
#     and at the step where the student's run first differs that side expanded the reference's
#     board (its data is the proof's own recorded run: it agrees with the reference at every step
#     the view shows, since the repaired script passes every test);
#   - the sentence under the view names the repair's line, as the report's "Where to look" does;
#   - with --no-repair the view has two sides and no repaired run.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

A=assignments/classic-8puzzle
M=$work/dfs_skips_first_child.lua
python3 - reference/classic-8puzzle/solution.lua "$M" <<'PY'
import sys
source = open(sys.argv[1]).read()
assert source.count("for i = #children, 1, -1 do") == 1, "the solution's dfs loop changed"
open(sys.argv[2], "w").write(source.replace("for i = #children, 1, -1 do",
                                            "for i = #children, 2, -1 do"))
PY
"$T" grade "$A" "$M" --task dfs --format html > "$work/with.html" || true
"$T" grade "$A" "$M" --task dfs --format json > "$work/with.json" || true
"$T" grade "$A" "$M" --task dfs --format html --no-repair > "$work/without.html" || true

python3 - "$work/with.html" "$work/with.json" "$work/without.html" <<'PY' || fail "the repaired run's view"
import html, json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
report = json.load(open(sys.argv[2], encoding="utf-8"))
without = open(sys.argv[3], encoding="utf-8").read()
(repair,) = report["extra_data"]["repairs"]
line = repair["changes"][0]["line"]
assert repair["changes"][0]["line_after"] == "for i = #children, 1, -1 do", repair
views = re.findall(r'<section class="through".*?</section>', page, re.S)
assert views, "no step-through view"
seen = 0
for view in views:
    data = json.loads(html.unescape(re.search(r'<pre class="through-data" hidden>(.*?)</pre>',
                                              view, re.S).group(1)))
    assert '<div class="side fix"></div>' in view, "no third side"
    fix = data["fix"]
    assert fix is not None, "no repaired run in the view's data"
    assert ("line %d" % line) in fix["label"], fix["label"]
    assert fix["divergence"] is None, fix  # the repaired script passes: its order is the reference's
    for step in data["steps"]:
        assert "fix" in step, step["n"]
        if step["ref"]["x"] is not None:
            assert step["fix"]["x"] is not None and step["fix"]["x"]["b"] == step["ref"]["x"]["b"], step["n"]
        else:
            assert step["fix"]["x"] is None, step["n"]  # stopped where the reference stopped
    sentence = html.unescape(re.search(r'<p class="through-repair">(.*?)</p>', view, re.S).group(1))
    assert sentence.startswith("Your script with the change in line %d:" % line), sentence
    if data["divergence"] is None:
        continue
    at = next(s for s in data["steps"] if s["n"] == data["divergence"])
    if at["ref"]["x"] is None:
        continue  # the reference had stopped there (and so had the repaired run, checked above)
    # Where the student's run first differs, the repaired run expands the reference's board.
    assert at["you"]["x"] is None or at["you"]["x"]["b"] != at["ref"]["x"]["b"], "the student's step"
    assert "at step %d, where yours first differs, it expands the reference's board" % data["divergence"] in sentence, sentence
    seen += 1
assert seen >= 1, "no view where the student's run differs"
assert '<section class="through"' in without and 'side fix' not in without, "--no-repair view"
assert '"fix":null' in without.replace(" ", ""), "--no-repair data should say no repaired run"
PY
echo "repair_step_through: ok"
