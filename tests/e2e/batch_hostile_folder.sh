#!/usr/bin/env bash
# A submissions folder is hostile input: students choose file names, exports carry odd bytes, links
# and huge files. Each entry below once cost the whole class (exit 3, SIGABRT) or silently lost a
# student; now every student entry gets exactly one row, the names are shown escaped, report file
# names stay short and distinct, links are never followed and the gradebook holds no live formula.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

C=$work/class
mkdir -p "$C" "$work/outside"
# A syntax error grades in milliseconds: every row below is about the folder, not the script.
quick() { echo 'this is not lua' > "$1"; }
cp $R/solution.lua "$C/alice.lua"
quick "$C/$(printf 'Jos\xe9').lua"                          # Latin-1, not UTF-8
long=$(printf 's%.0s' $(seq 245))
quick "$C/$long.lua"                                        # 249 bytes: NAME.junit.xml is too long
printf 'local secret = "TOP-SECRET-OUTSIDE"\n' > "$work/outside/secret.lua"
ln -s "$work/outside/secret.lua" "$C/thief.lua"              # a link out of the folder
ln -s "$PWD/$R" "$C/borrowed"                               # a "student folder" that is a link
ln -s "$work/nowhere.lua" "$C/dangling.lua"
mkfifo "$C/pipe.lua"
truncate -s 3G "$C/big.lua"                                 # sparse: 3 GiB, no disk used
printf 'print("x")\0\0\0binary' > "$C/binary.lua"
mkdir "$C/linked_inside"
ln -s "$C/alice.lua" "$C/linked_inside/submission.lua"      # a link even inside the folder
for formula in '=HYPERLINK("x")' '+1+2' '-3' '@SUM(A1)' "'quoted"; do
  quick "$C/$formula.lua"
done
quick "$C/$(printf 'bidi\xe2\x80\xaeevil')".lua
quick "$C/$(printf 'tab\tname')".lua
expected=17
[ "$(ls -A "$C" | wc -l)" = $expected ] || fail "class has $(ls -A "$C" | wc -l) entries"

for jobs in 1 2; do
  out=$work/out$jobs
  code=0
  # 1.5 GiB of address space: the 3 GiB file must be refused unread (the sanitizers reserve
  # terabytes of address space, so their build runs without the cap).
  if grep -q __asan_init "$T"; then
    "$T" batch "$A" "$C" --out "$out" --jobs $jobs --json > "$work/summary$jobs.json" 2> "$work/err" || code=$?
  else
    (ulimit -v 1572864; "$T" batch "$A" "$C" --out "$out" --jobs $jobs --json) \
      > "$work/summary$jobs.json" 2> "$work/err" || code=$?
  fi
  [ $code = 0 ] || fail "--jobs $jobs: exit $code: $(head -c 2000 "$work/err")"
done
cmp "$work/out1/gradebook.csv" "$work/out2/gradebook.csv" || fail "--jobs 1 and 2 differ"

python3 - "$work/out1" "$work/summary1.json" "$expected" "$long" <<'PY'
import csv, json, os, sys, xml.dom.minidom
out, summary, expected, long = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
raw = open(os.path.join(out, "gradebook.csv"), newline="", encoding="utf-8").read()
rows = list(csv.DictReader(raw.splitlines(keepends=True)))
assert len(rows) == expected, [r["student"] for r in rows]
# No cell may start a formula; one leading ' is dropped to read a name back.
for r in rows:
    for cell in r.values():
        assert not cell or cell[0] not in "=+-@\t\r", r
def name(cell):
    return cell[1:] if cell.startswith("'") else cell
by = {name(r["student"]): r for r in rows}
assert len(by) == expected, "two rows show the same name"
def row(n, status, code):
    r = by[n]
    assert (r["status"], r["diagnoses"]) == (status, code), (n, r)
    return r
assert by["alice"]["score"] == "75", by["alice"]
row("Jos\\xE9", "error", "did-not-run")
row(long, "error", "did-not-run")
row("thief", "error", "symlink")
row("borrowed", "error", "symlink")
row("dangling", "error", "symlink")
row("pipe", "error", "not-a-regular-file")
row("big", "error", "too-large")
row("binary", "error", "not-text")
row("linked_inside", "error", "symlink")
for n in ('=HYPERLINK("x")', "+1+2", "-3", "@SUM(A1)", "'quoted"):
    row(n, "error", "did-not-run")
row("bidi\\u{202E}evil", "error", "did-not-run")
row("tab\\x09name", "error", "did-not-run")

reports = os.path.join(out, "reports")
files = os.listdir(reports)
assert len(files) == 4 * expected, sorted(files)  # .txt, .json, .junit.xml, .html
for f in files:
    assert len(f.encode()) <= 200, f
    path = os.path.join(reports, f)
    if f.endswith(".junit.xml"):
        xml.dom.minidom.parse(path)
    elif f.endswith(".json"):
        json.load(open(path, encoding="utf-8"))
    text = open(path, encoding="utf-8").read()
    assert "TOP-SECRET-OUTSIDE" not in text, f
summary = json.load(open(summary, encoding="utf-8"))
assert summary["students"] == expected and summary["internal_errors"] == 0, summary
PY
grep -rq "TOP-SECRET-OUTSIDE" "$work/out1" && fail "a link out of the folder was followed"

# --out inside the submissions folder would be listed as a student by the next run: refused in one
# line, before anything is made there (the folder itself, a folder in it, the same through a link).
ln -s "$C" "$work/class-link"
for inside in "$C" "$C/graded" "$work/class-link/graded/deeper"; do
  code=0
  "$T" batch "$A" "$C" --out "$inside" > /dev/null 2> "$work/err" || code=$?
  [ $code = 2 ] || fail "--out $inside: exit $code, expected 2"
  [ "$(wc -l < "$work/err")" = 1 ] && grep -q "is inside the submissions folder" "$work/err" ||
    fail "--out $inside: $(head -c 500 "$work/err")"
done
[ "$(ls -A "$C" | wc -l)" = $expected ] || fail "a refused --out left something in the class folder"
rm "$work/class-link"

# Records prove themselves (issue 32): a score edited in a record that is still valid JSON, a
# record with its digest removed, and records of the format before digests are never reused. The
# first two are named one by one, the older ones counted once, and every one of them regraded.
python3 - "$work/out2/records" <<'PY'
import json, os, sys
records = sys.argv[1]
def edit(name, change):
    path = os.path.join(records, name + ".json")
    record = json.load(open(path, encoding="utf-8"))
    change(record)
    json.dump(record, open(path, "w", encoding="utf-8"))
def score_15(record):
    assert record["row"]["score"] == 75, record["row"]
    record["row"]["score"] = 15
edit("alice", score_15)
edit("@SUM(A1)", lambda record: record.pop("digest"))
def older(record):
    record.pop("digest")
    record["format"] = 3
for name in ("+1+2", "-3"):
    edit(name, older)
PY
code=0
"$T" batch "$A" "$C" --out "$work/out2" --jobs 2 --json > "$work/resumed.json" 2> "$work/err" || code=$?
[ $code = 0 ] || fail "resume: exit $code: $(head -c 2000 "$work/err")"
grep -qxF "tilegrade batch: alice's record does not match its digest (it was edited or damaged): regraded" \
  "$work/err" || fail "resume: no line names alice's edited record: $(cat "$work/err")"
grep -qxF "tilegrade batch: @SUM(A1)'s record has no digest: regraded" "$work/err" ||
  fail "resume: no line names the record without a digest: $(cat "$work/err")"
[ "$(wc -l < "$work/err")" = 3 ] || fail "resume: more than the three lines: $(cat "$work/err")"
grep -qxF "tilegrade batch: 2 records were written by another version of tilegrade, in a record format this one does not read: those students were regraded" \
  "$work/err" || fail "resume: the older records are not counted once: $(cat "$work/err")"
cmp "$work/out1/gradebook.csv" "$work/out2/gradebook.csv" || fail "resume: the gradebook changed"
python3 - "$work/resumed.json" <<'PY' || fail "resume summary: $(head -c 2000 "$work/resumed.json")"
import json, sys
summary = json.load(open(sys.argv[1], encoding="utf-8"))
assert summary["damaged_records"] == [
    {"student": "@SUM(A1)", "why": "has no digest"},
    {"student": "alice", "why": "does not match its digest (it was edited or damaged)"}], summary
assert summary["older_records"] == 2, summary
rows = {row["student"]: row for row in summary["rows"]}
assert rows["alice"]["score"] == 75 and not rows["alice"]["reused"], rows["alice"]
assert not rows["+1+2"]["reused"] and not rows["-3"]["reused"] and rows["'quoted"]["reused"], rows
PY
echo ok
