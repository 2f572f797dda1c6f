#!/usr/bin/env bash
# An error line quotes what it was given, and a file name can hold any byte: ESC (an escape
# sequence that clears the screen or recolours it), a carriage return that rewrites the line, BEL,
# a right-to-left override. Whatever command prints the line (grade, check, validate, solve with a
# script, batch, expect), those bytes never reach the terminal raw: they are shown escaped, as
# reports show them (\x1B, \u{202E}), and the JSON error of --json holds no raw control either.
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}" || exit 1
A=assignments/classic-8puzzle

hostile=$'evil\e[2J\e]0;title\a\r\x01\xe2\x80\xaename'  # ESC, BEL, CR, SOH, U+202E
mkdir -p "$work/subs"

# CODE ARGS...: the command fails with CODE, and its error line shows the name escaped, raw
# nowhere (newline aside, which ends the line).
escaped() {
  local want=$1 code=0
  shift
  "$T" "$@" > "$work/stdout" 2> "$work/stderr" || code=$?
  [ "$code" = "$want" ] || check_failed "$1: exit $code, expected $want"
  # Quoted as Python shows bytes when it fails, so the log itself stays safe to print.
  python3 - "$work/stdout" "$work/stderr" <<'PY' || check_failed "$1 (the assertion above)"
import json, sys
shown = ""
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    raw = [b for b in data if (b < 0x20 and b != 0x0A) or b == 0x7F]
    assert not raw, ("raw control bytes", path, raw, data[:300])
    assert "\u202e".encode() not in data, ("a raw right-to-left override", path, data[:300])
    text = data.decode("utf-8")
    if path.endswith("stdout") and text:
        text = json.loads(text)["error"]  # --json: the line is the document's error
    shown += text
assert r"evil\x1B[2J\x1B]0;title\x07\x0D\x01\u{202E}name" in shown, ("not shown escaped", shown)
PY
}

escaped 2 grade $A "$work/$hostile.lua"
escaped 2 grade $A "$work/$hostile.lua" --json
escaped 2 check $A "$work/$hostile.lua"
escaped 2 validate "$work/$hostile"
escaped 2 validate "$work/$hostile" --json
escaped 2 expect "$work/$hostile"
escaped 2 solve --size 3x3 --start "1 2 3 4 5 6 0 7 8" --algorithm astar --heuristic "$work/$hostile.lua"
escaped 2 batch $A "$work/$hostile" --out "$work/graded"
escaped 2 batch $A "$work/$hostile" --out "$work/graded" --json

echo "error_lines_escaped: no control byte of a file name reached the terminal raw in 9 error lines"
