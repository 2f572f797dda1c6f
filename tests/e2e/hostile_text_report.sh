#!/usr/bin/env bash
# Nothing a script writes can drive the instructor's terminal. Every bundled hostile script
# (tests/hostile/*.lua, terminal_escape.lua among them) is graded with --format text, and the
# report must hold no raw byte below 0x20 other than newline and tab, and no DEL (0x7F): a
# message's ESC [2J shows as \x1B[2J. JUnit's failure text and system-err, the other report an
# instructor reads in a terminal, must hold none either.
set -euo pipefail
T=${TILEGRADE:?set by ctest}
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=tests/fixtures/hostile-heuristic
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

count=0
for script in tests/hostile/*.lua; do
  name=$(basename "$script" .lua)
  for format in text junit; do
    code=0
    timeout 60 "$T" grade "$A" "$script" --format $format > "$work/$name.$format" \
      2> "$work/$name.$format.err" || code=$?
    [ "$code" = 1 ] || fail "$name --format $format: exit $code: $(head -c 300 "$work/$name.$format.err")"
  done
  count=$((count + 1))
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
