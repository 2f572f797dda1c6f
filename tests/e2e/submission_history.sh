#!/usr/bin/env bash
# Gradescope's record of a student's earlier submissions (grade --submission-metadata):
# the report lists the mistakes over their attempts, read from the results tilegrade wrote then
# (a hidden test's never); and under an assignment's feedback_limit (docs/writing-assignments.md)
# a submission past the full-feedback ones of the hour gets each test's
# result and named mistake only, with one notice saying why and for how long, and the same score;
# submissions an hour apart, or no record, get the full report; a record that cannot be read is
# one line naming the file (exit 2), and an assignment without a limit never opens it; and
# run_autograder hands Gradescope's file to `grade`.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

A=$work/limited
cp -r assignments/slider-2x3 "$A"
python3 - "$A/assignment.json" <<'PY'
import json, sys
path = sys.argv[1]
spec = json.load(open(path))
spec["feedback_limit"] = {"full_per_hour": 2}
json.dump(spec, open(path, "w"), indent=2)
PY
M=reference/slider-2x3/mutants/bfs_goal_on_generate.lua
metadata() {  # FILE CREATED_AT EARLIER...: Gradescope's submission_metadata.json
  local file=$1 created=$2
  shift 2
  python3 - "$file" "$created" "$@" <<'PY'
import json, sys
file, created, *earlier = sys.argv[1:]
json.dump({"id": 7, "created_at": created, "previous_submissions":
           [{"submission_time": t, "score": 0.0, "results": {}} for t in earlier]}, open(file, "w"))
PY
}
metadata "$work/busy.json" 2026-11-28T12:00:00-05:00 2026-11-28T11:50:00-05:00 \
  2026-11-28T16:55:00Z
metadata "$work/calm.json" 2026-11-28T12:00:00-05:00 2026-11-28T09:50:00-05:00 \
  2026-11-28T08:55:00-05:00

expect_exit 1 "$T" grade "$A" "$M" --format gradescope > "$work/full.json"
expect_exit 1 "$T" grade "$A" "$M" --format gradescope \
  --submission-metadata "$work/busy.json" > "$work/busy-report.json"
expect_exit 1 "$T" grade "$A" "$M" --format gradescope \
  --submission-metadata "$work/calm.json" > "$work/calm-report.json"
python3 - "$work/full.json" "$work/busy-report.json" "$work/calm-report.json" <<'PY' ||
import json, sys
full, busy, calm = (json.load(open(p)) for p in sys.argv[1:4])
problems = []
def strip(report):
    return {k: v for k, v in report.items() if k != "execution_time"}
if strip(calm) != strip(full):
    problems.append("submissions over an hour apart did not get the full report")
if busy["score"] != full["score"]:
    problems.append(f"the limit changed the score: {busy['score']} against {full['score']}")
notice = ("This assignment gives full feedback for 2 submissions an hour, and you made 2 in the "
          "hour before this one")
if notice not in busy["output"] or busy["output"].count(notice) != 1:
    problems.append("the notice is not said once: " + busy["output"])
if "20 minutes or more after this one" not in busy["output"]:
    problems.append("the notice does not say when full feedback returns: " + busy["output"])
shown = [t for t in busy["tests"] if t.get("visibility") == "visible"]
full_shown = [t for t in full["tests"] if t.get("visibility") == "visible"]
if not shown or len(shown) != len(full_shown):
    problems.append("the visible tests are not all there")
if not any("start:" in t["output"] for t in full_shown):
    problems.append("control: the full report shows no board, so the check below proves nothing")
for test in shown:
    if "start:" in test["output"] or "your path" in test["output"]:
        problems.append(f"{test['name']}: a limited report shows the board or the run")
if not any("goal-test-on-generate" in t["output"] for t in shown):
    problems.append("the limited report does not name the mistake")
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
  fail "the limited report (above)"

# A record that cannot be read: under a limit, one line naming the file (exit 2); without one,
# the report goes out without the attempts, and the log says why in one line.
python3 -c 'import json; json.dump({"previous_submissions": []}, open("'"$work"'/bad.json", "w"))'
expect_exit 2 "$T" grade "$A" "$M" --submission-metadata "$work/bad.json" \
  > /dev/null 2> "$work/bad.err"
[ "$(wc -l < "$work/bad.err")" = 1 ] && grep -q "bad.json: created_at: expected" "$work/bad.err" ||
  fail "a record without created_at: $(cat "$work/bad.err")"
expect_exit 1 "$T" grade assignments/slider-2x3 "$M" --submission-metadata "$work/bad.json" \
  > /dev/null 2> "$work/bad.err"
[ "$(wc -l < "$work/bad.err")" = 1 ] && grep -q "leaves out the student's earlier attempts" \
  "$work/bad.err" || fail "no limit, a record without created_at: $(cat "$work/bad.err")"

# The student's own attempts: the mutant's report of an hour ago, then the reference solution.
python3 - "$work/full.json" "$work/history.json" <<'PY'
import json, sys
earlier = json.load(open(sys.argv[1]))
json.dump({"created_at": "2026-11-28T12:00:00Z", "previous_submissions": [
    {"submission_time": "2026-11-28T10:00:00Z", "score": earlier["score"], "results": earlier},
    {"submission_time": "2026-11-28T09:00:00Z", "score": 0.0, "results": {}}]},
    open(sys.argv[2], "w"))
PY
expect_exit 0 "$T" grade assignments/slider-2x3 reference/slider-2x3/solution.lua \
  --submission-metadata "$work/history.json" > "$work/history.txt"
grep -q "^Mistakes over your 2 submissions (this one is attempt 2):$" "$work/history.txt" &&
  grep -q "^bfs: first attempt: goal-test-on-generate; fixed at attempt 2\.$" "$work/history.txt" ||
  fail "the student's own attempts: $(head -8 "$work/history.txt")"

# A term's history is read with bounds, and one that cannot be read costs the paragraph only:
# 300 earlier submissions with long error text (past the 16 MiB input cap) under the limit, and
# results nested 400,000 levels deep without one, are both graded as the plain report is.
python3 - "$work/full.json" "$work/long.json" "$work/deep.json" <<'PY2'
import json, sys
earlier = json.load(open(sys.argv[1]))
earlier["output"] = "x" * 60_000
previous = [{"submission_time": f"2026-11-{1 + i // 24:02d}T{i % 24:02d}:00:00Z",
             "score": earlier["score"], "results": earlier} for i in range(300)]
json.dump({"created_at": "2026-11-28T12:00:00Z", "previous_submissions": previous},
          open(sys.argv[2], "w"))
with open(sys.argv[3], "w") as out:
    out.write('{"created_at": "2026-11-28T12:00:00Z", "previous_submissions": ['
              '{"submission_time": "2026-11-28T10:00:00Z", "results": {"tests": ')
    out.write("[" * 400_000 + "]" * 400_000 + "}}]}")
PY2
[ "$(stat -c %s "$work/long.json")" -gt $((16 << 20)) ] || fail "the long history is too short"
code=0
"$T" grade "$A" "$M" --format gradescope --submission-metadata "$work/long.json" \
  > "$work/long-report.json" 2> "$work/long.err" || code=$?
[ "$code" = 1 ] || fail "a long history: exit $code ($(head -c 300 "$work/long.err"))"
python3 - "$work/full.json" "$work/long-report.json" <<'PY2' || fail "a long history (above)"
import json, sys
full, long = (json.load(open(p)) for p in sys.argv[1:3])
problems = []
if long["score"] != full["score"]:
    problems.append(f"score {long['score']}, not {full['score']}")
if "course's side" in long.get("output", ""):
    problems.append("said to be the course's problem")
if "Mistakes over your latest 101 submissions (this one is attempt 101 of them):" not in long["output"]:
    problems.append("no paragraph over the latest 100 earlier submissions: " + long["output"][:300])
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY2
code=0
"$T" grade assignments/slider-2x3 "$M" --submission-metadata "$work/deep.json" \
  > "$work/deep.txt" 2> "$work/deep.err" || code=$?
[ "$code" = 1 ] || fail "results nested deeply: exit $code ($(head -c 300 "$work/deep.err"))"
grep -q "goal-test-on-generate" "$work/deep.txt" || fail "results nested deeply: no report"
[ "$(wc -l < "$work/deep.err")" = 1 ] && grep -q "deep.json: the results of 1 earlier" \
  "$work/deep.err" || fail "results nested deeply, the log: $(head -c 300 "$work/deep.err")"

# run_autograder passes Gradescope's file when the platform wrote one.
root=$work/autograder
mkdir -p "$root/source" "$root/submission" "$root/results"
cp -r "$A" "$root/source/assignment"
cp scripts/gradescope/run_autograder "$root/run_autograder"
cp "$M" "$root/submission/"
cp "$work/busy.json" "$root/submission_metadata.json"
(cd "$root" && AUTOGRADER_ROOT="$root" TILEGRADE="$T" ./run_autograder > "$work/log" 2>&1) ||
  fail "run_autograder: $(cat "$work/log")"
grep -q "full feedback for 2 submissions an hour" "$root/results/results.json" ||
  fail "run_autograder did not pass the submission metadata"
echo "submission_history: ok"
