#!/usr/bin/env bash
# Scores the judge on the forensic set (issue 33): every submission of
# tests/grader/run/submissions/forensic_set/manifest.json is graded ONCE with the given tilegrade
# (`grade --format json`, only its task when it has one), and each failing test of its tasks is
# sorted by the diagnosis code it got:
#   named right   the code (each part of an `A+B` code), and a heuristic test's
#                 `heuristic_source`, are among the submission's `names`;
#   named wrong   a code that is neither in `names` nor neutral: a claim about the student's code
#                 that does not name the written mistake (a false or misleading claim);
#   unnamed       no code, or a neutral one: `unrecognised`, `did-not-run`, `error`,
#                 `expansion-budget`, `wrong-count` (the count matches no counter: an observed
#                 fact, no mistake claimed), `not-informed` (a failed threshold, no cause
#                 claimed) and `path-dearer-than-cheapest` (a path-only task's path costs more
#                 than the cheapest: a fact, no cause). The list is the manifest's `neutral`.
# Check codes of heuristic tasks (inadmissible, inconsistent, goal-not-zero, nondeterministic) are
# claims confirmed by a counterexample, so they are not neutral: they count as right only where
# the submission's `names` hold them. A correct submission must get full marks on every test of
# its tasks and no diagnosis at all.
# Prints one line per submission, then the totals per assignment and overall.
# Usage: scripts/forensic-score.sh [--tilegrade PATH] [--jobs N] [--assert] [--json FILE]
#   --tilegrade  the binary to score (default build/tilegrade)
#   --jobs       gradings at a time (default 2)
#   --assert     exit 1 unless: every correct submission has full marks and no diagnosis; every
#                broken one loses points; no failing test is named wrong; named right is at
#                least the manifest's floor
#   --json       also write every test's code and verdict to FILE
set -euo pipefail
cd "$(dirname "$0")/.."
tilegrade=build/tilegrade
jobs=2
assert=0
json_out=
while [ $# -gt 0 ]; do
  case "$1" in
    --tilegrade) tilegrade=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --assert) assert=1; shift ;;
    --json) json_out=$2; shift 2 ;;
    *) echo "forensic-score: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$tilegrade" ] || { echo "forensic-score: no tilegrade at $tilegrade" >&2; exit 2; }
exec python3 - "$tilegrade" "$jobs" "$assert" "$json_out" <<'PY'
import collections, concurrent.futures, json, subprocess, sys

tilegrade, jobs, json_out = sys.argv[1], int(sys.argv[2]), sys.argv[4]
want_assert = sys.argv[3] == "1"
ROOT = "tests/grader/run/submissions/"
manifest = json.load(open(ROOT + "forensic_set/manifest.json"))
neutral = set(manifest["neutral"])
EPS = 1e-6


def grade(item):
    command = [tilegrade, "grade", "assignments/" + item["assignment"], ROOT + item["path"],
               "--format", "json"]
    if len(item["tasks"]) == 1:
        command += ["--task", item["tasks"][0]]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        return None, f"exit {done.returncode}: {done.stderr.strip()[:300]}"
    tests = [t for t in json.loads(done.stdout)["tests"]
             if t.get("extra_data", {}).get("task") in item["tasks"]]
    return tests, ""


def verdict(item, code, source=""):
    # A heuristic test's `heuristic_source` (where its values come from: "ignores tiles", ...) is a
    # claim the student reads beside the code, so it is scored as one: with a neutral code
    # (`not-informed`) it alone can name the mistake, and a wrong one counts as a false claim.
    if source and source != code:
        code = code + "+" + source if code else source
    parts = [p for p in code.split("+") if p not in neutral]
    if not parts:
        return "unnamed"
    if code in item["names"] or all(p in item["names"] for p in parts):
        return "right"
    return "wrong"


def score(item, tests):
    """Returns (line, counts, problems, records) for one graded submission."""
    counts = collections.Counter()
    problems, records = [], []
    lost = False
    for t in tests:
        diagnosis = t["extra_data"].get("diagnosis") or {}
        code = diagnosis.get("code", "")
        failed = t["score"] < t["max_score"] - EPS
        lost = lost or failed
        record = {"test": t["name"], "failed": failed, "code": code,
                  "sentence": diagnosis.get("sentence", "")}
        if item.get("correct"):
            if failed or code or t.get("tags"):
                problems.append(f"{t['name']}: {t['score']:g}/{t['max_score']:g} {code}".strip())
        elif failed:
            record["verdict"] = verdict(item, code, diagnosis.get("heuristic_source", ""))
            counts[record["verdict"]] += 1
            if record["verdict"] == "wrong":
                problems.append(f"{t['name']}: named wrong as {code}")
        records.append(record)
    if not tests:
        problems.append("no test of its tasks was graded")
    if item.get("correct"):
        line = "full marks, no diagnosis" if not problems else "NOT CLEAN: " + "; ".join(problems)
    else:
        if not lost:
            problems.append("loses no points: it is not broken on these tests")
        codes = sorted({r["code"] or "-" for r in records if r["failed"]})
        line = (f"failing {sum(counts.values())}: right {counts['right']}, wrong "
                f"{counts['wrong']}, unnamed {counts['unnamed']}  [{', '.join(codes)}]")
    return line, counts, problems, records


items = manifest["submissions"]
with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
    graded = list(pool.map(grade, items))

totals = collections.defaultdict(collections.Counter)
failures, report = [], []
for item, (tests, error) in zip(items, graded):
    if tests is None:
        failures.append(f"{item['path']}: {error}")
        print(f"{item['path']}: ERROR {error}")
        continue
    line, counts, problems, records = score(item, tests)
    print(f"{item['path']}: {line}")
    kind = "correct" if item.get("correct") else "broken"
    totals[item["assignment"]].update(counts)
    totals["ALL"].update(counts)
    totals["ALL"][kind] += 1
    if item.get("correct") and not problems:
        totals["ALL"]["correct clean"] += 1
    failures += [f"{item['path']}: {p}" for p in problems]
    report.append({"path": item["path"], "tests": records})

print()
print(f"{'assignment':24s} {'right':>6s} {'wrong':>6s} {'unnamed':>8s} {'failing':>8s}")
for name in sorted(k for k in totals if k != "ALL") + ["ALL"]:
    c = totals[name]
    print(f"{name:24s} {c['right']:6d} {c['wrong']:6d} {c['unnamed']:8d} "
          f"{c['right'] + c['wrong'] + c['unnamed']:8d}")
c = totals["ALL"]
print(f"broken submissions: {c['broken']}; correct: {c['correct']}, clean {c['correct clean']}")
if json_out:
    with open(json_out, "w") as out:
        json.dump(report, out, indent=1)
if want_assert:
    floor = manifest["floor"]["named_right"]
    if c["right"] < floor:
        failures.append(f"named right {c['right']} is below the floor {floor}")
    if failures:
        print("\nFAIL:\n  " + "\n  ".join(failures), file=sys.stderr)
        sys.exit(1)
    print("ok: the forensic set holds")
PY
