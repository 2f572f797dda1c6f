#!/usr/bin/env python3
"""Compares what the page showed (drive_page.js's output) with native `tilegrade check`.
Usage: compare.py PLAN.json PAGE.json ; prints one line per check and exits 1 on any difference.
Each check of PLAN names `native` (the native Gradescope JSON) and `expect`: "same" (the page's
results equal native's), or "stopped" (the same scores and statuses, every failing test's output
saying the page stopped the script, or pointing to the submission's output that says so when the
script stopped while loading: only the wall clock, which natively is the watchdog, differs).
"""
import json
import sys

from view_checks import view_problems  # beside this file: sys.path[0]

plan = json.load(open(sys.argv[1]))
page = json.load(open(sys.argv[2]))
failures = list(page.get("problems", []))


def comparable(results):
    tests = [{k: v for k, v in t.items() if "time" not in k} for t in results.get("tests", [])]
    return {"score": results.get("score"), "max_score": results.get("max_score"), "tests": tests}


for check in plan["checks"] + plan.get("after", []):
    shown = page["checks"].get(check["id"])
    native = json.load(open(check["native"]))
    if not shown or shown["results"] is None:
        failures.append("%s: no results on the page (%s)" % (check["id"], shown and shown["progress"]))
        continue
    mine, theirs = comparable(shown["results"]), comparable(native)
    if check["expect"] == "same":
        ok = mine == theirs
    else:
        def verdicts(r):
            return (r["score"], r["max_score"], [(t["name"], t["score"], t["status"]) for t in r["tests"]])
        # A script stopped while loading is said once, in the submission's output; each test
        # then only points to it ("Not run: your script did not load ...").
        said_once = check["message"] in shown["results"].get("output", "")

        def stopped(t):
            output = t.get("output", "")
            return check["message"] in output or (said_once and "did not load" in output)
        ok = verdicts(mine) == verdicts(theirs) and all(
            t["status"] == "passed" or stopped(t) for t in mine["tests"])
    print("%-4s %-60s %s  %d ms" % ("ok" if ok else "DIFF", check["id"], shown["summary"], shown["ms"]))
    if not ok:
        failures.append("%s: page %s\n  native %s" % (check["id"], json.dumps(mine)[:1500],
                                                      json.dumps(theirs)[:1500]))

views_stepped = 0
for check in plan["checks"] + plan.get("after", []):
    shown = page["checks"].get(check["id"])
    if not shown or shown["results"] is None:
        continue
    if "views" not in shown:
        failures.append("%s: the report's frame never finished setting up" % check["id"])
        continue
    views_stepped += len(shown["views"])
    failures.extend(view_problems(check["id"], shown["results"], shown["views"]))
print("ok   %d step-through views on the page stepped with the keyboard to the judge's step"
      % views_stepped)

stop = page.get("stop")
if plan.get("stop"):
    if not stop or not stop["progress"].startswith("Stopped") or stop["results"]:
        failures.append("stop button: %s" % stop)
    else:
        print("ok   stop button: %s (page timer answered in %.0f ms while the worker ran)"
              % (stop["progress"], stop["timer_delay_ms"]))
        if stop["timer_delay_ms"] > 1000:
            failures.append("the page did not answer while the worker ran: %.0f ms" % stop["timer_delay_ms"])

for failure in failures:
    print("FAIL: " + failure, file=sys.stderr)
sys.exit(1 if failures else 0)
