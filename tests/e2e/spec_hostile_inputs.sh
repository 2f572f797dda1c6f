#!/usr/bin/env bash
# assignment.json and expected.json as an attacker (or a broken export) writes them: each case
# once ended in SIGSEGV, exit 3 or a hang. Now every one is exit 2 with one short line naming the
# file, for `grade` and for `validate`, within a few seconds.
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=assignments/classic-8puzzle
S=reference/classic-8puzzle/solution.lua

# fresh NAME: a copy of the assignment to damage
fresh() { rm -rf "$work/$1"; cp -r $A "$work/$1"; echo "$work/$1"; }
edit_json() {  # FILE PYTHON-EXPRESSION-ON-TEXT-s
  python3 - "$1" "$2" <<'PY'
import sys
path, expr = sys.argv[1], sys.argv[2]
s = open(path).read()
s = eval(expr)
open(path, "w").write(s)
PY
}
# expect_refused LABEL DIR WORD [MAX_BYTES]: grade and validate exit 2, one line, holding WORD.
# (validate reports a bad expected.json as a finding instead: see expect_finding.)
expect_refused() {
  local label=$1 dir=$2 word=$3 max=${4:-600}
  for command in ${COMMANDS:-grade validate}; do
    local args=("$dir")
    [ $command = grade ] && args+=("$S")
    local code=0
    timeout 20 "$T" $command "${args[@]}" >"$work/out" 2>"$work/err" || code=$?
    if [ $code != 2 ]; then check_failed "$label: $command exit $code: $(head -c 300 "$work/err")"; continue; fi
    [ "$(wc -l <"$work/err")" = 1 ] || check_failed "$label: $command: stderr is not one line"
    grep -qF -- "$word" "$work/err" || check_failed "$label: $command: message lacks '$word': $(head -c 300 "$work/err")"
    [ "$(wc -c <"$work/err")" -le "$max" ] || check_failed "$label: $command: a $(wc -c <"$work/err")-byte message"
    code=0
    timeout 20 "$T" $command "${args[@]}" --json >"$work/out" 2>/dev/null || code=$?
    [ $code = 2 ] || check_failed "$label: $command --json exit $code"
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert set(d)=={'error'}" "$work/out" \
      || check_failed "$label: $command --json is not one error document"
  done
  echo "ok: $label"
}

# expect_finding LABEL DIR WORD: validate exits 1 with a failed expected.json finding holding WORD.
expect_finding() {
  local label=$1 dir=$2 word=$3 code=0
  timeout 20 "$T" validate "$dir" --json >"$work/out" 2>"$work/err" || code=$?
  [ $code = 1 ] || check_failed "$label: validate exit $code: $(head -c 300 "$work/err")"
  python3 - "$work/out" "$word" <<'PY' || check_failed "$label: validate names no failed expected.json finding"
import json, sys
d = json.load(open(sys.argv[1]))
assert any(f["subject"] == "expected.json" and not f["ok"] and sys.argv[2] in f["detail"]
           for f in d["findings"]), d["findings"]
PY
}

d=$(fresh deep_title)
edit_json "$d/assignment.json" "s.replace('\"title\": ', '\"title\": ' + '[' * 200000 + ']' * 200000 + ', \"t\": ', 1)"
expect_refused "title nested 200,000 deep" "$d" "nested more than 64"
d=$(fresh deep_test)
edit_json "$d/assignment.json" "s.replace('\"start\": ', '\"start\": ' + '{\"a\":' * 100000 + '1' + '}' * 100000 + ', \"s\": ', 1)"
expect_refused "a test entry nested 100,000 deep" "$d" "nested more than 64"
d=$(fresh overflow)
edit_json "$d/assignment.json" "s.replace('\"points\": 25', '\"points\": 1e400', 1)"
expect_refused "1e400 in assignment.json" "$d" "number overflow"
d=$(fresh overflow_expected)
edit_json "$d/expected.json" "s.replace('\"cost\": 1,', '\"cost\": 1e400,', 1)"
COMMANDS=grade expect_refused "1e400 in expected.json" "$d" "number overflow"
expect_finding "1e400 in expected.json" "$d" "number overflow"
d=$(fresh task_object)
edit_json "$d/expected.json" "__import__('json').dumps(dict(__import__('json').loads(s), tasks=dict(__import__('json').loads(s)['tasks'], bfs={'x': 1})))"
COMMANDS=grade expect_refused "expected.json whose tasks.bfs is an object" "$d" "holds no list of tests"
expect_finding "expected.json whose tasks.bfs is an object" "$d" "holds no list of tests"
d=$(fresh expected_folder)
rm "$d/expected.json"; mkdir "$d/expected.json"
COMMANDS=grade expect_refused "expected.json is a folder" "$d" "it is a folder"
expect_finding "expected.json is a folder" "$d" "it is a folder"
d=$(fresh expected_fifo)
rm "$d/expected.json"; mkfifo "$d/expected.json"
COMMANDS=grade expect_refused "expected.json is a FIFO (never waited on)" "$d" "not a regular file"
expect_finding "expected.json is a FIFO (never waited on)" "$d" "not a regular file"
d=$(fresh assignment_fifo)
rm "$d/assignment.json"; mkfifo "$d/assignment.json"
expect_refused "assignment.json is a FIFO" "$d" "not a regular file"
d=$(fresh huge_value)
edit_json "$d/assignment.json" "s.replace('\"size\": \"3x3\"', '\"size\": ' + '\"' + 'x' * 100000 + '\"', 1)"
expect_refused "a 100 KB value is quoted short" "$d" "board size"
d=$(fresh huge_list)
edit_json "$d/assignment.json" "s.replace('\"goal\": \"blank-first\"', '\"goal\": [' + ','.join(['1'] * 100000) + ']', 1)"
expect_refused "a 100,000-element list is quoted short" "$d" "goal"
# A task is a gradebook column: one named like a fixed column would make two columns of a name.
for column in score Student; do
  d=$(fresh "task_named_$column")
  edit_json "$d/assignment.json" "s.replace('\"name\": \"bfs\"', '\"name\": \"$column\"', 1)"
  expect_refused "a task named $column" "$d" "tasks[0].name: '$column' would repeat the gradebook's"
done

echo "spec_hostile_inputs: ok"
