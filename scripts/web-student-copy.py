#!/usr/bin/env python3
"""INTERIM, until `tilegrade export` (the student copy of an assignment) exists: writes the
assignment.json of an assignment's student copy, which keeps the visible tests only, so that the
page never carries a hidden test's board. scripts/web-build.sh then has the engine write its
expected.json (`tilegrade expect`), never this script.

What stays equal to the instructor's assignment, so that `tilegrade check` gives the same verdicts
and scores on the copy as on the original:
  - test names (an unnamed test is named by its place in the full list, "test-3", as the spec
    parser would name it: math.random is seeded from task and test names);
  - each visible test's share of the points (a task keeps points * visible / all);
  - tasks' own settings. A task without visible tests is left out; so is the default test list,
    once every task lists its own visible tests.
Usage: web-student-copy.py SOURCE/assignment.json DESTINATION/assignment.json
"""
import json
import sys


def expanded_count(entry):
    generate = entry.get("generate")
    return generate.get("count", 1) if isinstance(generate, dict) else 1


def visible_entries(entries, task_visibility):
    kept, total, shown, place = [], 0, 0, 0
    for entry in entries:
        count = expanded_count(entry)
        copy = dict(entry)
        if "generate" not in copy and "name" not in copy:
            copy["name"] = "test-%d" % (place + 1)
        place += count
        total += count
        if copy.get("visibility", task_visibility) == "visible":
            kept.append(copy)
            shown += count
    return kept, shown, total


def student_copy(assignment):
    defaults = assignment.get("tests")
    tasks = []
    for task in assignment["tasks"]:
        entries = task["tests"] if "tests" in task else defaults or []
        kept, shown, total = visible_entries(entries, task.get("visibility", "visible"))
        if not shown:
            continue
        copy = dict(task)
        copy["tests"] = kept
        if "points" in copy and shown != total:
            copy["points"] = copy["points"] * shown / total
        tasks.append(copy)
    copy = {key: value for key, value in assignment.items() if key not in ("tests", "tasks")}
    copy["tasks"] = tasks
    return copy


def main():
    source, destination = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as file:
        assignment = json.load(file)
    with open(destination, "w", encoding="utf-8") as file:
        json.dump(student_copy(assignment), file, indent=2, ensure_ascii=False)
        file.write("\n")


if __name__ == "__main__":
    main()
