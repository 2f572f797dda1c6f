#!/usr/bin/env bash
# Every report format stays valid whatever bytes a script's messages and returned move names hold:
# control characters, NUL, bytes that are not UTF-8, U+FFFE/U+FFFF, bidi overrides. JUnit XML is
# parsed by a real XML parser (python3's minidom), JSON by python3's json, and the HTML must show
# the bidi controls as visible escapes. Each script once made a JUnit file unparseable, cut a
# message at its NUL, or passed a right-to-left override into the HTML page.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=assignments/classic-8puzzle

# Each script fails every search with one hostile message or one hostile returned path.
hostile() {  # NAME LUA-BODY-OF-THE-SEARCH
  printf 'local function search(problem)\n%s\nend\nbfs, dfs, astar = search, search, search\n' "$2" \
    > "$work/$1.lua"
}
hostile error_binary_message 'error("bad \255\254 bytes \0 after nul \27[31m red", 0)'
hostile error_nonchars 'error("nonchars \239\191\190 \239\191\191 end", 0)'
hostile error_bidi 'error("score: \226\128\174 01/57 \226\129\166 x \226\128\173", 0)'
hostile path_element_ctrl 'return {"Up", "\1\2\31"}, 1'
hostile path_element_nul 'return {"Up", "Do\0wn"}, 1'
hostile path_string_nul 'return "U\0L", 1'
hostile path_element_bidi 'return {"\226\128\174pU"}, 1'

for script in "$work"/*.lua; do
  name=$(basename "$script" .lua)
  for format in junit json prairielearn html text; do
    code=0
    "$T" grade "$A" "$script" --format $format > "$work/$name.$format" 2> "$work/err" || code=$?
    [ $code = 1 ] || fail "$name --format $format: exit $code: $(head -c 300 "$work/err")"
  done
done
python3 - "$work" <<'PY'
import glob, json, os, sys, xml.dom.minidom
work = sys.argv[1]
for path in sorted(glob.glob(os.path.join(work, "*.lua"))):
    name = os.path.basename(path)[:-4]
    base = os.path.join(work, name)
    doc = xml.dom.minidom.parse(base + ".junit")          # raises on any forbidden character
    failures = doc.getElementsByTagName("failure")
    assert failures, name
    message = "".join(n.data for f in failures for n in f.childNodes if n.nodeType == n.TEXT_NODE)
    for fmt in ("json", "prairielearn"):
        json.load(open(base + "." + fmt, encoding="utf-8"))
    html = open(base + ".html", encoding="utf-8").read()   # valid UTF-8
    for bidi in ("\u202e", "\u2066", "\u202d", "\ufffe", "\uffff", "\0"):
        assert bidi not in html, (name, repr(bidi))
        assert bidi not in message, (name, repr(bidi))
    if name == "error_binary_message":
        assert "after nul" in message, message           # the NUL no longer cuts the message
        assert "\\x00" in message and "\\x1B" in message, message
    if name == "error_bidi":
        assert "\\u{202E}" in html and "\\u{2066}" in html and "\\u{202D}" in html, name
    if name == "error_nonchars":
        assert "\\u{FFFE}" in message and "\\u{FFFF}" in message, message
    if name in ("path_element_nul", "path_string_nul"):
        assert "\\x00" in message, message
    if name == "path_string_nul":
        assert "is not a move" in message and "position 2" in message, message
print("report_hostile_bytes: ok")
PY
