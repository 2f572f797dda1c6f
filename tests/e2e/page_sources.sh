#!/usr/bin/env bash
# The check page compiles engine/ and grader/'s spec, student, sandbox, report, judge and run
# layers with Emscripten's libc++ (web/CMakeLists.txt), which lacks C++20's range algorithms
# and views (std::ranges::find, std::ranges::any_of, std::views::...) that GCC's libstdc++ has. A
# file using them builds and passes every other test, then breaks scripts/web-test.sh, the one
# step that compiles for the browser (it did in session 19). This finds them at once, with the
# file and line; the iterator-pair algorithms (std::find, std::any_of) work in both.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
folders=(engine grader/spec grader/student grader/sandbox grader/report grader/judge grader/run web)
# Comment lines may name them (saying why they are not used); code may not.
found=$(grep -rnE 'std::(ranges|views)::' "${folders[@]}" --include='*.cpp' --include='*.h' |
  grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
[ -z "$found" ] || fail "the check page's libc++ has no std::ranges algorithms or views; use" \
  "the iterator-pair forms (std::find(begin, end, x)):"$'\n'"$found"
echo "ok: no std::ranges or std::views in the page's sources"
