#!/usr/bin/env bash
# The check page's browser test (tests/web/web_check.sh): installs what it needs, builds the
# native tilegrade and the WebAssembly page, and compares the page with native `tilegrade check`.
# Separate from scripts/test.sh because the WebAssembly build takes minutes; CI runs it after the
# normal suites (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
exec tests/web/web_check.sh
