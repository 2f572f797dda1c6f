#!/usr/bin/env bash
# validate quotes what the reference folder holds: a mutant's file name and the diagnosis its .json
# names. A mutant named with ESC and BEL, whose diagnosis holds them too, reaches the terminal
# escaped as batch shows names (\x1B, \x07): no line validate prints holds a raw byte below 0x20
# other than newline and tab, or 0x7F. (--json is JSON, which escapes them itself.)
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

ref=$work/reference
mkdir -p "$ref/mutants"
cp reference/classic-8puzzle/solution.lua reference/classic-8puzzle/adequacy.json "$ref/"
evil=$'evil\e[2J\a\x7f'
cp reference/classic-8puzzle/mutants/bfs_goal_on_generate.lua "$ref/mutants/$evil.lua"
printf '{"score": 0, "diagnosis": "goal-test-on-generate\\u001b]0;owned\\u0007\\u007f"}\n' \
  > "$ref/mutants/$evil.json"

code=0
"$T" validate assignments/classic-8puzzle --reference "$ref" > "$work/out.txt" 2>&1 || code=$?
[ "$code" = 1 ] || fail "validate exit $code (expected 1: the diagnosis is no code): $(cat "$work/out.txt")"
grep -qF 'mutant evil\x1B[2J\x07\x7F.lua: ' "$work/out.txt" ||
  fail "the mutant's name is not shown escaped: $(cat -v "$work/out.txt")"
grep -qF '"goal-test-on-generate\x1B]0;owned\x07\x7F" is not a diagnosis code' "$work/out.txt" ||
  fail "the mutant's diagnosis is not shown escaped: $(cat -v "$work/out.txt")"
! LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$work/out.txt" ||
  fail "a raw control byte in validate's output: $(cat -v "$work/out.txt")"

# With the diagnosis a real code, the name is still escaped on its ok/FAIL line and the warnings.
printf '{"score": 16.666667, "diagnosis": "goal-test-on-generate"}\n' > "$ref/mutants/$evil.json"
"$T" validate assignments/classic-8puzzle --reference "$ref" > "$work/out2.txt" 2>&1 || true
grep -qF 'mutant evil\x1B[2J\x07\x7F.lua: score ' "$work/out2.txt" ||
  fail "the graded mutant's name is not shown escaped: $(cat -v "$work/out2.txt")"
! LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$work/out2.txt" ||
  fail "a raw control byte in validate's output: $(cat -v "$work/out2.txt")"
echo "validate_escapes_mutant_bytes: a mutant's name and diagnosis with ESC, BEL and DEL shown escaped"
