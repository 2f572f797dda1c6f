# The end-to-end tests' shared preamble: sourced by each tests/e2e/*.sh right after
# `set -euo pipefail`, so that every script gets the same binary, temporary folder, clean-up and
# failure message, and a fix to any of them is made once.
#
#   T       the tilegrade binary under test (ctest sets TILEGRADE)
#   work    a fresh temporary folder, removed when the script exits however it exits
#   fail    prints "FAIL: ..." on stderr and exits 1
#   check_failed  prints "FAIL: ..." on stderr and goes on, so a table of cases reports every
#                 case that fails; the script then exits 1 however it ends
#   on_exit CMD   runs CMD (a function name or a line) when the script exits, before `work` is
#                 removed, latest first: stopping what the test started by its pid
#   expect_exit CODE CMD...   runs CMD with `set -e` off and fails unless it exits CODE

T=${TILEGRADE:?set by ctest}
work=$(mktemp -d "${TMPDIR:-/tmp}/tilegrade-e2e.XXXXXX")

fail() { echo "FAIL: $*" >&2; exit 1; }
e2e_failed_checks=0
check_failed() { echo "FAIL: $*" >&2; e2e_failed_checks=$((e2e_failed_checks + 1)); }

e2e_exit_hooks=()
on_exit() { e2e_exit_hooks=("$1" "${e2e_exit_hooks[@]}"); }
e2e_run_exit_hooks() {
  local status=$? hook
  for hook in "${e2e_exit_hooks[@]}"; do eval "$hook" || true; done
  rm -rf "$work"
  if [ "$status" = 0 ] && [ "$e2e_failed_checks" != 0 ]; then
    echo "$e2e_failed_checks check(s) failed" >&2
    status=1
  fi
  exit "$status"
}
trap e2e_run_exit_hooks EXIT
# An interrupted test still runs its hooks: the signal becomes an ordinary exit.
trap 'exit 130' INT TERM HUP

expect_exit() {
  local want=$1 got=0
  shift
  "$@" || got=$?
  [ "$got" = "$want" ] || fail "'$*' exited $got, expected $want"
}
