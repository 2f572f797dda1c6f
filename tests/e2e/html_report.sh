#!/usr/bin/env bash
# `grade --format html` end to end. Always: a mutant's page and a hostile script's page are single
# well-formed files that fetch nothing, whose one script is the one the Content-Security-Policy
# pins by hash, with the boards, the replay and the divergence drawn. Where /usr/bin/chromium
# exists (scripts/test.sh installs it; under CI=true its absence is a failure): the pages load
# headless without a console message, the script runs, the replay steps through the path (to the
# goal, or up to an illegal move), and a screenshot is taken (kept when HTML_REPORT_SCREENSHOT
# names a file).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

grade_html() {  # SUBMISSION OUT: a graded submission with failures exits 1
  local code=0
  $T grade $A "$1" --format html > "$2" || code=$?
  [ "$code" = 1 ] || fail "grade $1: exit $code, expected 1"
}

grade_html $R/mutants/bfs_goal_on_generate.lua "$work/mutant.html"

# A script whose error message is markup, and whose bfs returns an illegal path (the blank of
# published-1 is on the left edge of the middle row: Down once, then Down is off the board).
cat > "$work/hostile.lua" <<'LUA'
function bfs(problem) return "DDL", 1 end
function dfs(problem)
  error("</script><script>alert(1)</script><img src=x onerror=alert(2)>", 0)
end
LUA
grade_html "$work/hostile.lua" "$work/hostile.html"

# Structure, self-containment and the script's hash, with Python's own HTML parser.
cat > "$work/check_page.py" <<'PY'
import base64, hashlib, re, sys
from html.parser import HTMLParser

VOID = {"meta", "input", "br", "img", "link", "hr", "source"}

class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.tags, self.problems, self.scripts = [], [], [], []
        self.replays, self.text = [], []
    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "div" and ("class", "replay") in attrs:
            self.replays.append(dict(attrs))
        if tag not in VOID:
            self.stack.append(tag)
    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.problems.append("misnested </%s> (open: %s)" % (tag, self.stack[-3:]))
        else:
            self.stack.pop()
    def handle_data(self, data):
        if self.stack and self.stack[-1] == "script":
            self.scripts.append(data)
        else:
            self.text.append(data)

path, kind = sys.argv[1], sys.argv[2]
raw = open(path, encoding="utf-8").read()
page = Page()
page.feed(raw)
page.close()
assert raw.startswith("<!DOCTYPE html>"), "no doctype"
assert not page.problems, page.problems
assert not page.stack, "unclosed: %s" % page.stack

# Self-contained: nothing that could fetch, no handler attributes.
names = {tag for tag, _ in page.tags}
assert not names & {"img", "link", "iframe", "object", "embed", "audio", "video", "base"}, names
for tag, attrs in page.tags:
    assert "src" not in attrs, (tag, attrs)
    assert all(not key.startswith("on") for key in attrs), (tag, attrs)
    assert attrs.get("href", "#").startswith("#"), (tag, attrs)
assert not re.search(r"https?:|url\(|@import", raw), "a network reference"

# One script, and the policy allows exactly it.
assert [tag for tag, _ in page.tags].count("script") == 1, "script count"
assert len(page.scripts) == 1
csp = [a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
assert len(csp) == 1, "no policy"
digest = base64.b64encode(hashlib.sha256(page.scripts[0].encode()).digest()).decode()
assert "script-src 'sha256-%s'" % digest in csp[0], "stale kScriptHash: the script's hash is " + digest
assert "default-src 'none'" in csp[0]

boards = [a for t, a in page.tags if t == "svg" and a.get("class") == "board"]
text = "".join(page.text)
if kind == "mutant":
    assert any(a["aria-label"] == "start: 1 2 5 3 4 0 6 7 8" for a in boards), "start board"
    assert any(a["aria-label"] == "goal: 0 1 2 3 4 5 6 7 8" for a in boards), "goal board"
    assert any(r["data-path"] == "ULL" and r["data-start"] == "1 2 5 3 4 0 6 7 8" for r in page.replays)
    assert "First divergence: expansion 6 (the first 5 agree)" in text
    assert "the reference expanded" in text
    assert "goal-test-on-generate" in text
    assert any(t == "svg" and a.get("class") == "chart" for t, a in page.tags), "no chart"
else:
    assert "</script><script>alert(1)</script><img src=x onerror=alert(2)>" in text, "message lost"
    assert any(r["data-path"] == "DDL" for r in page.replays)
print("%s: %d boards, %d replays, script %s" % (kind, len(boards), len(page.replays), digest[:12]))
PY
python3 "$work/check_page.py" "$work/mutant.html" mutant
python3 "$work/check_page.py" "$work/hostile.html" hostile

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  # scripts/test.sh installs chromium (scripts/web-test-setup.sh): in CI a skip is a failure.
  [ "${CI:-}" != "true" ] || fail "$CHROMIUM not found under CI=true: the browser checks cannot be skipped"
  echo "html_report: $CHROMIUM not found; skipped the browser checks (apt-get install chromium)"
  echo "html_report: ok"
  exit 0
fi

browse() {  # PAGE LOG ARGS...: loads PAGE headless; console messages and errors go to LOG
  local page=$1 log=$2
  shift 2
  timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d "$work/profile.XXXX")" --enable-logging=stderr --v=0 \
    "$@" "file://$page" 2> "$log"
}

# The page runs its script (it marks the document) and says nothing on the console: a CSP
# violation, an uncaught error or an injected script would all be console messages.
no_console() {
  if grep -E ":CONSOLE|Uncaught" "$1"; then fail "console messages loading $2"; fi
}

# A driver appended to a copy of each page (and allowed by its hash) presses the replay's buttons
# like a reader would and writes down what the replay then shows.
cat > "$work/driver.js" <<'JS'
document.querySelectorAll(".replay").forEach(function (root) {
  function press(action) {
    root.querySelector("[data-action=" + action + "]").click();
    return root.querySelector(".replay-status").textContent;
  }
  root.setAttribute("data-seen-end", press("last"));
  root.setAttribute("data-seen-back", press("prev"));
  root.setAttribute("data-seen-start", press("first"));
  press("last");
});
JS
drive() {  # PAGE DRIVEN_PAGE
  python3 - "$1" "$work/driver.js" "$2" <<'PY'
import base64, hashlib, sys
page, driver, out = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]
digest = base64.b64encode(hashlib.sha256(driver.encode()).digest()).decode()
page = page.replace("script-src '", "script-src 'sha256-%s' '" % digest, 1)
page = page.replace("</body>", "<script>%s</script></body>" % driver, 1)
open(out, "w").write(page)
PY
}

for name in mutant hostile; do
  drive "$work/$name.html" "$work/$name.driven.html"
  browse "$work/$name.driven.html" "$work/$name.log" --dump-dom > "$work/$name.dom" ||
    fail "chromium could not load the $name page: $(tail -3 "$work/$name.log")"
  no_console "$work/$name.log" "the $name page"
  grep -q 'data-replay="ready"' "$work/$name.dom" || fail "the $name page's script did not run"
done

# After "end", every tile stands where the status says: on the goal for the mutant's paths (its
# BFS paths are right; only its order and count are wrong), before the illegal move for hostile.
python3 - "$work/mutant.dom" "$work/hostile.dom" <<'PY'
import re, sys
from html.parser import HTMLParser

class Replays(HTMLParser):
    def __init__(self):
        super().__init__()
        self.replays = []
    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "div" and attrs.get("class") == "replay":
            self.replays.append(dict(attrs, tiles={}))
        elif tag == "g" and "data-tile" in attrs and self.replays:
            x, y = map(int, re.match(r"translate\((\d+) (\d+)\)", attrs["transform"]).groups())
            self.replays[-1]["tiles"][int(attrs["data-tile"])] = (y // 42, x // 42)

def replays(path):
    parser = Replays()
    parser.feed(open(path).read())
    return parser.replays

def board_after_end(replay):
    cols = int(replay["data-cols"])
    board = [0] * (cols * int(replay["data-rows"]))
    for tile, (row, col) in replay["tiles"].items():
        board[row * cols + col] = tile
    return " ".join(map(str, board))

mutant = replays(sys.argv[1])
assert mutant, "no replays in the mutant's page"
for replay in mutant:
    moves = len(replay["data-path"])
    assert replay["data-seen-end"].startswith("step %d of %d" % (moves, moves)), replay["data-seen-end"]
    assert replay["data-seen-end"].endswith("goal reached"), replay["data-seen-end"]
    assert replay["data-seen-start"] == "step 0 of %d" % moves, replay["data-seen-start"]
    assert board_after_end(replay) == replay["data-goal"], (board_after_end(replay), replay["data-goal"])
published_2 = [r for r in mutant if r["data-path"] == "ULL"][0]
assert published_2["data-seen-back"] == "step 2 of 3: Left", published_2["data-seen-back"]

hostile = [r for r in replays(sys.argv[2]) if r["data-start"] == "3 1 2 0 4 5 6 7 8"]
assert hostile, "no replay of the illegal path"
for replay in hostile:
    assert "the next move (D) is illegal here" in replay["data-seen-end"], replay["data-seen-end"]
    assert board_after_end(replay) == "3 1 2 6 4 5 0 7 8", board_after_end(replay)
print("replays: %d of the mutant reach the goal; the illegal path stops after one move" % len(mutant))
PY

# A screenshot of the real page, not the driven copy.
shot=${HTML_REPORT_SCREENSHOT:-$work/mutant.png}
browse "$work/mutant.html" "$work/shot.log" --screenshot="$shot" --window-size=1200,1600 > /dev/null ||
  fail "no screenshot: $(tail -3 "$work/shot.log")"
no_console "$work/shot.log" "the mutant page (screenshot)"
[ "$(head -c 8 "$shot" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "not a PNG"
[ "$(stat -c %s "$shot")" -gt 20000 ] || fail "screenshot suspiciously small"
echo "html_report: browser checks passed; screenshot $shot"
echo "html_report: ok"
