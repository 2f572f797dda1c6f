#!/usr/bin/env bash
# `tilegrade tests --mutants` says, task by task, what catches each bundled mutant and what the
# judge names it: a mutant that breaks two tasks gets a line for each, with each task's own first
# diagnosis, and the JSON's "tasks" holds the same. Checked on iterative-deepening, whose idastar
# function is graded under two heuristics: a bound raised by one is caught (and named) in both
# tasks, a bound raised by two only under misplaced tiles, where the next bound can be one more.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=assignments/iterative-deepening

$T tests $A --mutants > "$work/text"
$T tests $A --mutants --json > "$work/json"

python3 - "$work/text" "$work/json" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read().split("\n")
doc = json.load(open(sys.argv[2]))
mutants = {m["mutant"]: m for m in doc["mutants"]}

def task_lines(mutant):
    at = next(i for i, line in enumerate(text) if line.startswith("mutant " + mutant + ":"))
    lines = []
    for line in text[at + 1:]:
        if not line.startswith("  task "):
            break
        lines.append(line)
    return lines

one = mutants["idastar_bound_plus_one.lua"]
assert [t["task"] for t in one["tasks"]] == ["idastar", "idastar-misplaced"], one
assert all(t["named"] == "round-growth-plus-one" for t in one["tasks"]), one
assert sum(len(t["caught_by"]) for t in one["tasks"]) == len(one["caught_by"]), one
lines = task_lines("idastar_bound_plus_one.lua")
assert len(lines) == 2 and all("named round-growth-plus-one" in l for l in lines), lines
assert re.search(r"task idastar: caught by \d+ tests? \(idastar: ", lines[0]), lines

two = mutants["idastar_bound_plus_two.lua"]
assert [t["task"] for t in two["tasks"]] == ["idastar-misplaced"], two
assert two["tasks"][0]["named"] == two["named"] == "round-growth-plus-two", two
assert task_lines("idastar_bound_plus_two.lua") == [], "one task: no per-task lines"

# Every mutant's tasks add up to its tests, and each task's named code is the first its report
# names there (the whole report's first is the first task's).
for name, m in mutants.items():
    assert sum(len(t["caught_by"]) for t in m["tasks"]) == len(m["caught_by"]), name
    assert all(test.startswith(t["task"] + ": ") for t in m["tasks"] for test in t["caught_by"]), name
    if m["tasks"]:
        assert m["named"] == m["tasks"][0]["named"], name
print(f"ok: {len(mutants)} mutants, each caught and named task by task")
PY
