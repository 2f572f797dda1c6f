#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test with ctest.
# Usage: scripts/test.sh [--sanitize]   (--sanitize: clang's AddressSanitizer + UBSan build, in
#   build-sanitize)
# With CI=true (the project's CI, .ci/run) warnings are errors; elsewhere they are only shown.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${CI:-}" = true ]; then
  export TILEGRADE_WERROR=${TILEGRADE_WERROR:-ON}
fi
# The workflow linter of tests/e2e/classroom_workflow.sh and the Kubernetes schema validator
# (tests/e2e/k8s_*) come from the npm registry: on a fresh clone about 80 s, nearly all of it
# waiting on the network, so they download while the build compiles. Debian's packages (npm,
# Slurm and munge for tests/e2e/*cluster*) are installed first, one apt at a time.
command -v npm >/dev/null || scripts/apt-install.sh test npm
scripts/setup-cluster.sh --slurm-only
npm_log=$(mktemp)
trap 'rm -f "$npm_log"' EXIT
{ scripts/setup-lint.sh && scripts/setup-cluster.sh --k8s-only; } > "$npm_log" 2>&1 &
npm_setup=$!
scripts/setup.sh "$@"
wait "$npm_setup" || { cat "$npm_log" >&2; echo "test.sh: the npm set-up failed" >&2; exit 1; }
cat "$npm_log" >&2
# The browser checks (tests/e2e/html_report.sh) need Debian's chromium; under CI=true they fail
# rather than skip without it.
scripts/web-test-setup.sh --browser-only
if [ "${1:-}" = "--sanitize" ]; then
  BUILD_DIR=${BUILD_DIR:-build-sanitize}
  # Lua's longjmp-based errors and the child processes of the sandbox are fine under ASan, but
  # leak checking would flag memory the kernel reclaims when a killed child exits. (Shorter
  # allocation stacks and a smaller quarantine made one sanitized grading run 15-20% faster, but
  # the whole suite only 1%, 935 s to 925 s of test time: not worth the detail reports lose.)
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
else
  BUILD_DIR=${BUILD_DIR:-build}
fi
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
