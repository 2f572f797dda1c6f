#!/usr/bin/env bash
# aima-python's search.py reproduced through `tilegrade solve --json` by semantics files alone
# (tests/semantics/aima_*.json): path, expansions (aima's succs), goal tests and successors built
# (aima's states) on a dozen boards per search. The figures in aima_python_figures.json were
# computed by aima-python itself, outside this repository; that file names the commit.
# aima's priority queue breaks ties by insertion order, a total order, so for these four figures
# its frontier replacement (duplicates: replace-if-cheaper) and closed-on-pop agree (a stale entry
# is costlier, and skipped uncounted); they part on pushes, and on ties under python-heapq, which
# the differential tests (tests/engine) check against the model.
# One solve per case: `count: goal-tests` gives aima's goal_tests as the count an assignment
# checks, and the same search's `built` counter gives aima's states (these semantics have no
# count_offset). A second solve with `count: built` only repeated the search (two processes a
# case were most of this script's time under the sanitizers); which counter `count` picks, for
# every value and offset, is the differential tests' (tests/engine) to check.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-.}"

python3 - "$TILEGRADE" "$work" <<'PY'
import json, subprocess, sys
tilegrade, work = sys.argv[1], sys.argv[2]
figures = json.load(open("tests/e2e/aima_python_figures.json"))

def semantics(name, **override):
    """A semantics file of tests/semantics/, with some fields replaced, written to the work dir."""
    fields = json.load(open(f"tests/semantics/{name}.json"))
    fields.update(override)
    path = f"{work}/{name}-{len(override)}-{abs(hash(json.dumps(fields, sort_keys=True)))}.json"
    json.dump(fields, open(path, "w"))
    return path

def arguments(search):
    """What aima-python's search is in tilegrade's terms: algorithm, semantics file, heuristic."""
    if search == "bfs":
        return "bfs", "aima_bfs", {}, None
    if search == "ucs":
        return "ucs", "aima_graph_search", {}, None
    if search == "ucs-tile":
        return "ucs", "aima_graph_search", {"cost": "tile"}, None
    if search.startswith("astar-"):
        return "astar", "aima_graph_search", {}, search[len("astar-"):]
    if search.startswith("dls-"):
        return "dls", "aima_dls", {"depth_limit": int(search[len("dls-"):])}, None
    if search == "iddfs":
        return "iddfs", "aima_iddfs", {}, None
    if search.startswith("idastar-"):
        return "idastar", "aima_idastar", {}, search[len("idastar-"):]
    raise SystemExit(f"unknown search {search}")

failures = 0
for case in figures["cases"]:
    algorithm, name, override, heuristic = arguments(case["search"])
    h = {"misplaced": "tests/e2e/aima_misplaced.lua", "manhattan": "manhattan", None: None}[heuristic]
    command = [tilegrade, "solve", "--json", "--size", "3x3", "--start", case["start"],
               "--goal", "blank-last", "--algorithm", algorithm,
               "--semantics", semantics(name, count="goal-tests", **override)]
    if h:
        command += ["--heuristic", h]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        print(f"FAIL: {case['search']} {case['start']}: exit {run.returncode}: {run.stderr}")
        failures += 1
    else:
        r = json.loads(run.stdout)
        if r["count"] != r["counters"]["goal_tests"]:
            print(f"FAIL: {case['search']} {case['start']}: count {r['count']} is not the "
                  f"goal_tests counter {r['counters']['goal_tests']}")
            failures += 1
            continue
        # aima returns 'cutoff' or None where tilegrade's status is no-solution.
        actual = {"moves": r["moves"] if r["solved"] else "unsolved",
                  "succs": r["counters"]["expanded"], "goal_tests": r["count"],
                  "states": r["counters"]["built"]}
        expected = {key: case[key] for key in actual}
        if expected["moves"] in ("cutoff", "None"):
            expected["moves"] = "unsolved"
        if actual != expected:
            print(f"FAIL: {case['search']} {case['start']}: aima-python {expected}, tilegrade {actual}")
            failures += 1
        else:
            print(f"ok: {case['search']} {case['start']}: {case['moves']} "
                  f"succs {case['succs']} goal_tests {case['goal_tests']} states {case['states']}")
print(f"{len(figures['cases']) - failures} of {len(figures['cases'])} aima-python figures reproduced")
sys.exit(1 if failures else 0)
PY
