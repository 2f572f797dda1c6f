#!/usr/bin/env bash
# Nothing a script writes can drive the instructor's terminal. Every bundled hostile script
# (tests/hostile/*.lua, terminal_escape.lua among them) is graded with --format text, and the
# report must hold no raw byte below 0x20 other than newline and tab, and no DEL (0x7F): a
# message's ESC [2J shows as \x1B[2J. JUnit's failure text and system-err, the other report an
# instructor reads in a terminal, must hold none either.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=tests/fixtures/hostile-heuristic

graded_in() {  # NAME SCRIPT FORMAT: one report; its exit code (1: graded, with failures) kept
  local code=0
  timeout 60 "$T" grade "$A" "$2" --format "$3" > "$work/$1.$3" 2> "$work/$1.$3.err" || code=$?
  echo "$code" > "$work/$1.$3.code"
}
# Most of a run's time is a limit waited out, not work: four at a time fill the two cores. Each
# run keeps its report, stderr and exit code in its own files, checked in order after all end.
JOBS=4
count=0
running=0
for script in tests/hostile/*.lua; do
  name=$(basename "$script" .lua)
  for format in text junit; do
    graded_in "$name" "$script" "$format" &
    if ((++running >= JOBS)); then
      wait -n || true
      running=$((running - 1))
    fi
  done
  count=$((count + 1))
done
wait
for script in tests/hostile/*.lua; do
  name=$(basename "$script" .lua)
  for format in text junit; do
    code=$(cat "$work/$name.$format.code" 2>/dev/null || echo "none (the run did not end)")
    [ "$code" = 1 ] || fail "$name --format $format: exit $code: $(head -c 300 "$work/$name.$format.err")"
  done
done
[ "$count" -ge 25 ] || fail "only $count hostile scripts"

python3 - "$work" <<'PY'
import glob, os, sys
work = sys.argv[1]
allowed = {0x09, 0x0A}
for path in sorted(glob.glob(os.path.join(work, "*.text")) + glob.glob(os.path.join(work, "*.junit"))):
    data = open(path, "rb").read()
    bad = sorted({b for b in data if (b < 0x20 and b not in allowed) or b == 0x7F})
    assert not bad, (os.path.basename(path), [hex(b) for b in bad])
    # Bidi overrides and isolates reorder what a terminal shows: escaped too.
    text = data.decode("utf-8")
    for bidi in ("\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"):
        assert bidi not in text, (os.path.basename(path), repr(bidi))
escape = open(os.path.join(work, "terminal_escape.text"), encoding="utf-8").read()
# The message is still there, shown escaped, so the instructor sees what the script tried.
assert "\\x1B[2J" in escape and "\\x00" in escape and "\\x7F" in escape, escape
assert "\\u{202E}" in escape, escape
PY
echo "hostile_text_report: $count scripts, text and JUnit reports free of terminal controls"
