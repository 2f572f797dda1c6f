#!/usr/bin/env bash
# The browser tests: the check page (tests/web/web_check.sh), then the HTML reports' step-through
# view (tests/web/report_view.sh). Installs what they need, builds the
# native tilegrade and the WebAssembly page, and compares the page with native `tilegrade check`.
# Separate from scripts/test.sh because the WebAssembly build takes minutes; CI runs it after the
# normal suites (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
tests/web/web_check.sh
exec tests/web/report_view.sh
