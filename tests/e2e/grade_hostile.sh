#!/usr/bin/env bash
# Every hostile script graded as a submission through `tilegrade grade`: the run ends within its
# limits, the grader exits 1 with valid JSON, the attacked test scores 0 with a clear message,
# and the other tests of the same file are still graded (and pass, the scripts being correct
# Manhattan elsewhere). Load-time attacks fail every test with the loader's message.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
A=tests/fixtures/hostile-heuristic
LOAD_TIME="syntax_error.lua load_time_loop.lua bytecode_chunk.lua"

check_one() {
  local script=$1 name
  name=$(basename "$script")
  local started=$SECONDS code=0
  # In a subshell of its own, so that `times` reports the processor time of this grade alone (the
  # grader and every child it waited for).
  (
    timeout 60 "$T" grade "$A" "$script" --json > "$work/$name.json" 2> "$work/$name.err" ||
      echo $? > "$work/$name.code"
    times > "$work/$name.times"  # not in a pipe: that would be another process's times
  )
  [ ! -e "$work/$name.code" ] || code=$(cat "$work/$name.code")
  local took=$((SECONDS - started)) processor
  processor=$(processor_seconds "$work/$name.times")
  [ "$code" = 1 ] || { echo "FAIL $name: exit $code (expected 1)"; cat "$work/$name.err"; return 1; }
  # The limits are processor time (3 tests x 3 s a test at most, plus the grader's own work), so
  # that is what is bounded: wall time depends on what else the machine runs, and the 60 s guard
  # above is only there to end a hang.
  [ "$processor" -le 20 ] || { echo "FAIL $name: ${processor}s of processor time"; return 1; }
  echo "graded $name in ${took}s (${processor}s of processor time)"
}

# FILE holding `times`' output, whose second line is the children's ("0m1.250s 0m0.310s"): their
# user + system time in whole seconds, rounded up.
processor_seconds() {
  python3 - "$1" <<'PY'
import math, re, sys
parts = re.findall(r"(\d+)m([\d.]+)s", open(sys.argv[1]).read().splitlines()[1])
print(math.ceil(sum(int(m) * 60 + float(s) for m, s in parts)))
PY
}

# Most of a script's time is a wall clock waited out (a loop stopped at its limit), not work: four
# at a time fill the machine's two cores. Each job keeps its output in its own log and its verdict
# in its own file; they are read in order once every job has ended.
JOBS=4
count=0
running=0
scripts=(tests/hostile/*.lua)
for script in "${scripts[@]}"; do
  count=$((count + 1))
  name=$(basename "$script")
  (
    verdict=failed
    if check_one "$script"; then verdict=ok; fi
    echo "$verdict" > "$work/$name.verdict"
  ) > "$work/$name.log" 2>&1 &
  if ((++running >= JOBS)); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
failures=0
graded=()
for script in "${scripts[@]}"; do
  name=$(basename "$script")
  cat "$work/$name.log"
  # A job that ended without a verdict (killed, or the shell failed) is a failure too.
  if [ "$(cat "$work/$name.verdict" 2>/dev/null)" = ok ]; then
    graded+=("$name")
  else
    echo "FAIL $name"
    failures=$((failures + 1))
  fi
done

# What each report says, every script's in one Python run (one interpreter, not one per script).
# Prints the number of scripts whose report is wrong, and why for each on stderr.
wrong=$(python3 - "$work" "$LOAD_TIME" "${graded[@]}" <<'PY'
import json, os, sys
folder, load_time_names, names = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
wrong = 0
for name in names:
    load_time = name in load_time_names
    try:
        d = json.load(open(os.path.join(folder, name + ".json")))
        tests = {t["name"].split(": ", 1)[1]: t for t in d["tests"]}
        attacked = tests["attacked"]
        assert attacked["score"] == 0, (name, attacked["score"])
        assert attacked["status"] == "failed"
        message = attacked["output"]
        assert len(message.strip()) > 0
        if load_time:
            for t in tests.values():
                assert t["score"] == 0 and "did not load" in t["output"], (name, t["output"][:200])
        else:
            # A clear message: the file named (an error) or the process limit explained (a kill).
            assert name in message or "stopped the grader's process" in message, (name, message[:400])
            for other in ("near-1", "near-2"):
                t = tests[other]
                assert t["status"] == "passed", (name, other, t["output"][:400])
    except Exception as error:  # an assertion, or a report that is not what the grader writes
        print(f"FAIL {name}: {error!r}"[:800], file=sys.stderr)
        wrong += 1
print(wrong)
PY
) || wrong=${#graded[@]}
failures=$((failures + wrong))
echo "grade_hostile: $count scripts, $failures failures"
[ "$count" -ge 25 ] || { echo "FAIL: only $count hostile scripts"; exit 1; }
[ "$failures" = 0 ]
