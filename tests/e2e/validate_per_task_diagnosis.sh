#!/usr/bin/env bash
# A mutant that breaks several tasks names its mistake per task ("diagnosis": {"greedy": ...,
# "astar": ...}): validate checks each task's first diagnosis, says which task is wrong or left
# out, --write-diagnoses writes the per-task form, and every task the mutant breaks counts as one a
# mutant makes its mistake in (no "no mutant makes its mistake here" warning for it). The string
# form is still read as before.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

mkdir -p "$work/assignments" "$work/reference/slider-2x3/mutants"
cp -r assignments/slider-2x3 "$work/assignments/"
cp reference/slider-2x3/solution.lua "$work/reference/slider-2x3/"
A="$work/assignments/slider-2x3"
M="$work/reference/slider-2x3/mutants"
export TILEGRADE_CACHE_DIR="$work/cache"

# One mutant, two mistakes: greedy tests the goal on generate (the bundled mutant), and the
# cost-ordered searches (ucs and astar) count one node too many.
python3 - reference/slider-2x3/mutants/greedy_goal_on_generate.lua "$M/two_mistakes.lua" <<'PY'
import sys
text = open(sys.argv[1]).read()
line = "return path_from(came_from, current_key), count_keys(came_from)\n"
at = text.rindex(line)  # the last one: the cost-ordered searches' goal test
open(sys.argv[2], "w").write(text[:at] + line.replace("came_from)\n", "came_from) + 1\n") +
                             text[at + len(line):])
PY
printf '{"why": "two mistakes", "score": 0, "diagnosis": "TODO"}\n' > "$M/two_mistakes.json"

# --write-diagnoses fills the placeholder with each broken task's first code, in task order.
"$T" validate "$A" --write-scores --write-diagnoses > "$work/write.txt" ||
  fail "validate --write-scores --write-diagnoses: $(cat "$work/write.txt")"
python3 - "$M/two_mistakes.json" <<'PY' || fail "the per-task diagnosis written: $(cat "$M/two_mistakes.json")"
import json, sys
doc = json.load(open(sys.argv[1]))
d = doc["diagnosis"]
assert isinstance(d, dict), d
assert list(d) == ["ucs", "greedy", "astar"], list(d)
assert d["greedy"] == "goal-test-on-generate", d
assert d["ucs"] == d["astar"] != "goal-test-on-generate", d
assert list(doc) == ["why", "score", "diagnosis"], list(doc)
PY
grep -q "^ok    mutant two_mistakes.lua: score .*, diagnosis ucs: .*; greedy: goal-test-on-generate; astar: " \
  "$work/write.txt" || fail "the per-task line: $(grep two_mistakes "$work/write.txt")"
count_code=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["diagnosis"]["ucs"])' \
  "$M/two_mistakes.json")

# No mutant of its own for ucs or astar, yet this one breaks them: no warning for any task it
# breaks (bfs, dfs and the heuristic task have no mutant here: warned).
grep -q "^warn  task greedy: \|^warn  task ucs: \|^warn  task astar: " "$work/write.txt" &&
  fail "a task the mutant breaks is warned about: $(grep '^warn' "$work/write.txt")"
grep -q "^warn  task bfs: no mutant makes its mistake here" "$work/write.txt" ||
  fail "no warning for bfs, which no mutant breaks: $(grep '^warn' "$work/write.txt")"

# A wrong code in one task, and a broken task left out: each said, the assignment not valid.
python3 - "$M/two_mistakes.json" "$count_code" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["diagnosis"] = {"greedy": "goal-test-on-generate", "astar": "ties-lifo"}
json.dump(doc, open(sys.argv[1], "w"))
PY
expect_exit 1 "$T" validate "$A" > "$work/wrong.txt"
grep -q "^FAIL  mutant two_mistakes.lua: .*(astar: expected ties-lifo first; breaks ucs too ($count_code): name it in \"diagnosis\")$" \
  "$work/wrong.txt" || fail "the wrong task and the missing one: $(grep two_mistakes "$work/wrong.txt")"

# A task the assignment does not have is named; so is a code that is no code.
python3 - "$M/two_mistakes.json" "$count_code" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["diagnosis"] = {"ucs": sys.argv[2], "gredy": "goal-test-on-generate", "astar": sys.argv[2]}
json.dump(doc, open(sys.argv[1], "w"))
PY
expect_exit 1 "$T" validate "$A" > "$work/misspelt.txt"
grep -q "^FAIL  mutant two_mistakes.lua: .*(names task 'gredy', which assignment.json does not have; breaks greedy too (goal-test-on-generate): name it in \"diagnosis\")$" \
  "$work/misspelt.txt" || fail "a misspelt task: $(grep two_mistakes "$work/misspelt.txt")"
python3 - "$M/two_mistakes.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["diagnosis"] = {"greedy": "goal-test-on-generate", "astar": "no-such-code"}
json.dump(doc, open(sys.argv[1], "w"))
PY
expect_exit 1 "$T" validate "$A" > "$work/unknown.txt"
grep -q '^FAIL  mutant two_mistakes.lua: .*two_mistakes.json: "no-such-code" is not a diagnosis code' \
  "$work/unknown.txt" || fail "an unknown code in the per-task form: $(grep two_mistakes "$work/unknown.txt")"

# The string form still reads: the first diagnosis of the whole report (ucs comes first).
python3 - "$M/two_mistakes.json" "$count_code" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["diagnosis"] = sys.argv[2]
json.dump(doc, open(sys.argv[1], "w"))
PY
"$T" validate "$A" > "$work/string.txt" || fail "the string form: $(grep two_mistakes "$work/string.txt")"
# Even so, every task it breaks has a mutant making its mistake there, not only ucs.
grep -q "^warn  task greedy: \|^warn  task astar: " "$work/string.txt" &&
  fail "the string form counts only its first task: $(grep '^warn' "$work/string.txt")"
echo "validate_per_task_diagnosis: per-task diagnoses written, checked and counted; the string form kept"
