#!/usr/bin/env bash
# The shared e2e preamble (tests/e2e/lib/harness.sh) keeps its promises, since every other script
# relies on them: `fail` exits 1 with its message, `check_failed` goes on and the script then exits
# 1, `expect_exit` fails on another code, and the exit hooks run, latest first, and the temporary
# folder goes, whether the script ends normally, fails, or is interrupted.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
lib=$(cd "$(dirname "$0")/lib" && pwd)/harness.sh

# A child script that sources the harness, leaves its work folder's name and registers two hooks.
cat > "$work/child.sh" <<CHILD
set -euo pipefail
. "$lib"
echo "\$work" > "$work/child_work"
on_exit 'echo first >> "$work/hooks"'
on_exit 'echo second >> "$work/hooks"'
case "\$1" in
  ok) true ;;
  fail) fail "the reason" ;;
  later) check_failed "one"; check_failed "two"; echo "went on" >> "$work/hooks.out" ;;
  expect) expect_exit 0 false ;;
  expect-ok) expect_exit 3 bash -c 'exit 3' ;;
  signal) kill -TERM \$\$; sleep 5 ;;
esac
CHILD

run_child() {  # MODE WANTED_CODE
  rm -f "$work/hooks" "$work/child_work"
  local code=0
  TILEGRADE=/bin/true bash "$work/child.sh" "$1" 2> "$work/stderr" || code=$?
  [ "$code" = "$2" ] || fail "$1: exit $code, expected $2"
  [ "$(tr '\n' ' ' < "$work/hooks")" = "second first " ] || fail "$1: hooks $(cat "$work/hooks")"
  [ ! -e "$(cat "$work/child_work")" ] || fail "$1: its work folder was left behind"
}
run_child ok 0
run_child fail 1
grep -qx "FAIL: the reason" "$work/stderr" || fail "fail's message: $(cat "$work/stderr")"
run_child later 1
grep -qx "FAIL: one" "$work/stderr" && grep -qx "FAIL: two" "$work/stderr" ||
  fail "check_failed's messages: $(cat "$work/stderr")"
grep -qx "2 check(s) failed" "$work/stderr" || fail "check_failed's count: $(cat "$work/stderr")"
[ "$(cat "$work/hooks.out")" = "went on" ] || fail "check_failed stopped the script"
run_child expect 1
grep -q "'false' exited 1, expected 0" "$work/stderr" || fail "expect_exit's message"
run_child expect-ok 0
run_child signal 130
echo "harness: exit codes, messages, hooks and clean-up as promised"
