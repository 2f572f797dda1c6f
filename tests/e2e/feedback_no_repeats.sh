#!/usr/bin/env bash
# No line is printed twice in any report a person reads (docs/delivery.md). Every mutant
# of every bundled assignment, and two scripts that do not load (a syntax error, an error at the
# top level), are graded in every format: the text report, Gradescope's results.json, JUnit and
# the HTML page (one `batch` run writes all four), and PrairieLearn's results.json (`grade`: one
# process per script, so only for the two scripts that do not load and the first mutant of each
# assignment; its per-test text is the one the other four formats already show for every mutant).
# Within one test's feedback, and within what is said for the whole submission, no non-blank line
# may repeat (rows of drawn boards excepted: two boards may share a row), and no number may read
# as no person writes it ("8.33333", "2.000000 points", "1 expansions"). A script that does not
# load has its error said exactly once per report, not once per test.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

cat > "$work/syntax_error.lua" <<'LUA'
function bfs(problem)
  return "U" 1
end
LUA
cat > "$work/top_level_error.lua" <<'LUA'
local tables = nil
local first = tables[1]
LUA

# PrairieLearn's results.json comes from `grade` (batch writes the other four): ASSIGNMENT SCRIPT
# REPORTS; an exit above 1 (not graded) stops xargs.
grade_prairielearn() {
  local student code=0
  student=$(basename "$2" .lua)
  "$T" grade "$1" "$2" --format prairielearn > "$3/$student.pl.json" || code=$?
  [ "$code" -le 1 ] || { echo "FAIL: grade $1 $student --format prairielearn: exit $code" >&2; exit 255; }
}
export -f grade_prairielearn
export T

checked=()
: > "$work/prairielearn.jobs"
for assignment in assignments/*/; do
  name=$(basename "$assignment")
  subs="$work/subs/$name"
  mkdir -p "$subs"
  cp reference/"$name"/mutants/*.lua "$work/syntax_error.lua" "$work/top_level_error.lua" "$subs/"
  $T batch "$assignment" "$subs" --out "$work/out/$name" --jobs 2 > /dev/null ||
    fail "batch $name exited $?"
  first_mutant=$(basename "$(ls reference/"$name"/mutants/*.lua | head -1)" .lua)
  for script in "$subs"/*.lua; do
    student=$(basename "$script" .lua)
    reports="$work/out/$name/reports"
    prairielearn=0
    case "$student" in
      syntax_error|top_level_error|"$first_mutant")
        prairielearn=1
        printf '%s\0%s\0%s\0' "$assignment" "$script" "$reports" >> "$work/prairielearn.jobs" ;;
    esac
    checked+=("$name" "$student" "$reports/$student" "$prairielearn")
  done
done
# Two at a time, as batch grades (each grade is one process; the machine has two cores to fill).
xargs -0 -n 3 -P 2 bash -c 'grade_prairielearn "$@"' _ < "$work/prairielearn.jobs" ||
  fail "grading in PrairieLearn's format failed"

python3 - "${checked[@]}" <<'PY'
import json, re, sys, xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser

BOARD_ROW = re.compile(r"^[0-9. ]+$")
problems = []

def repeated(lines):
    seen = Counter(l.strip() for l in lines if l.strip() and not BOARD_ROW.match(l.strip()))
    return [line for line, n in seen.items() if n > 1]

def check(where, lines):
    for line in repeated(lines):
        problems.append(f"{where}: printed twice: {line!r}")

def text_report(path, where):
    submission, tests, current = [], [], None
    for line in open(path, encoding="utf-8").read().split("\n"):
        if re.match(r"^\[(PASS|FAIL)\] ", line):
            current = [line]
            tests.append(current)
            continue
        if line.startswith(("Score:", "Not checked here:")):
            current = None
        (current if current is not None else submission).append(line)
    check(where + " text, the submission", submission)
    for test in tests:
        check(where + " text, " + test[0], test)

class Page(HTMLParser):
    """Text lines of each test's card, and of the rest of the page (drawings and script left out)."""
    BLOCKS = {"p", "h1", "h2", "h3", "tr", "li", "div", "figcaption", "summary", "pre", "section",
              "header", "br", "table"}
    SKIPPED = {"svg", "script", "style", "title"}
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skipping, self.sections = 0, []
        self.submission, self.tests, self.current = [""], [], None
    def target(self):
        return self.current if self.current is not None else self.submission
    def handle_starttag(self, tag, attrs):
        if tag in self.SKIPPED:
            self.skipping += 1
        if tag == "section":
            is_test = "test" in dict(attrs).get("class", "").split()
            self.sections.append(is_test)
            if is_test:
                self.current = [""]
                self.tests.append(self.current)
        if tag in self.BLOCKS:
            self.target().append("")
    def handle_endtag(self, tag):
        if tag in self.SKIPPED:
            self.skipping -= 1
        if tag in self.BLOCKS:
            self.target().append("")
        if tag == "section" and self.sections.pop():
            self.current = None
    def handle_data(self, data):
        if self.skipping:
            return
        lines = data.split("\n")
        self.target()[-1] += lines[0]
        self.target().extend(lines[1:])

def html_report(path, where):
    page = Page()
    page.feed(open(path, encoding="utf-8").read())
    check(where + " html, the submission", page.submission)
    for i, test in enumerate(page.tests):
        check(where + f" html, test card {i + 1}", test)
    return "\n".join(page.submission + sum(page.tests, []))

def gradescope_report(path, where):
    results = json.load(open(path, encoding="utf-8"))
    check(where + " gradescope, output", results["output"].split("\n"))
    for test in results["tests"]:
        check(where + " gradescope, " + test["name"], test.get("output", "").split("\n"))
    return results["output"] + "\n" + "\n".join(t.get("output", "") for t in results["tests"])

def prairielearn_report(path, where):
    results = json.load(open(path, encoding="utf-8"))
    submission = results["message"].split("\n")
    for error in results.get("format_errors", []):
        submission += error.split("\n")
    check(where + " prairielearn, the submission", submission)
    for test in results["tests"]:
        check(where + " prairielearn, " + test["name"],
              (test["message"] + "\n" + test["output"]).split("\n"))
    return "\n".join(submission + [t["message"] + "\n" + t["output"] for t in results["tests"]])

def junit_report(path, where):
    root = ET.parse(path).getroot()
    everything = []
    for suite in root.iter("testsuite"):
        submission = []
        for element in suite.findall("system-out") + suite.findall("system-err"):
            submission += (element.text or "").split("\n")
        check(where + " junit, the suite", submission)
        everything += submission
        for case in suite.iter("testcase"):
            lines = []
            for element in case:
                if element.get("message"):
                    lines.append(element.get("message"))
                lines += (element.text or "").split("\n")
            check(where + " junit, " + case.get("name"), lines)
            everything += lines
    return "\n".join(everything)

# Numbers as no person writes them: a score with more than two decimals ("8.33333/10",
# "2.000000 points"), one of a plural ("1 expansions"). (A value the script returned, such as a
# heuristic's 0.99999999999999978, is quoted exactly, as it is.)
UNREADABLE = re.compile(r"\b\d+\.\d{3,} ?(?:/|points)|/ ?\d+\.\d{3,}\b"
                        r"|\b1 (?:expansions|tests|tasks|boards|moves|points)\b")

# The error of a script that does not load, as each report says it: once per report.
LOAD_ERRORS = {"syntax_error": "'end' expected (to close 'function' at line 1) near '1'",
               "top_level_error": "attempt to index a nil value (local 'tables')"}

arguments = sys.argv[1:]
prairielearn_checked = 0
for i in range(0, len(arguments), 4):
    assignment, student, stem, prairielearn = arguments[i:i + 4]
    where = f"{assignment}/{student}:"
    text_report(stem + ".txt", where)
    said = {"text": open(stem + ".txt", encoding="utf-8").read(),
            "html": html_report(stem + ".html", where),
            "gradescope": gradescope_report(stem + ".json", where),
            "junit": junit_report(stem + ".junit.xml", where)}
    if prairielearn == "1":
        said["prairielearn"] = prairielearn_report(stem + ".pl.json", where)
        prairielearn_checked += 1
    for form, text in said.items():
        for wrong in sorted(set(UNREADABLE.findall(text))):
            problems.append(f"{where} {form}: reads badly: {wrong!r}")
    if student in LOAD_ERRORS:
        for form, text in said.items():
            times = text.count(LOAD_ERRORS[student])
            if times != 1:
                problems.append(f"{where} {form}: the load error is said {times} times, not once")

for problem in problems:
    print(problem)
print(f"{len(arguments) // 4} submissions in 4 formats, {prairielearn_checked} of them in "
      f"PrairieLearn's too: {len(problems)} problems")
sys.exit(1 if problems else 0)
PY
