#!/usr/bin/env bash
# End-to-end `tilegrade batch` on classes made in a temp dir: the reference solution (as a file and
# in folders), the mutants, a few hostile scripts, a folder with two .lua files and an empty folder;
# then, under short runaway guards, a script that hangs in one test and one that crashes its child
# in another. Checks the gradebook, the reports, resume after deleting one report, shards 1/2 +
# 2/2, and exit codes.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

C=$work/class
mkdir -p "$C/bob" "$C/twofiles" "$C/empty" "$C/dora"
cp $R/solution.lua "$C/alice.lua"
cp $R/solution.lua "$C/bob/submission.lua"
echo 'this is not lua' > "$C/bob/notes.lua"         # ignored: submission.lua is the script
cp $R/solution.lua "$C/dora/my_search.lua"          # the only .lua file of the folder
# The mutants but the two DFS ones, which explore up to the DFS expansion budget on several tests
# (most of a second each, several under the sanitizers) while this test grades the class four times
# (bench_batch grades them; tilegrade validate checks their diagnoses).
HEAVY=" dfs_forward_push dfs_checks_on_pop "
for m in $R/mutants/*.lua; do
  case "$HEAVY" in *" $(basename "$m" .lua) "*) ;; *) cp "$m" "$C/mutant_$(basename "$m")" ;; esac
done
cp tests/hostile/syntax_error.lua "$C/hostile_syntax.lua"
cp tests/hostile/io_open.lua "$C/hostile_io.lua"   # defines heuristic only: no bfs, dfs, astar
cp $R/solution.lua "$C/twofiles/a.lua"
cp $R/solution.lua "$C/twofiles/b.lua"
echo "not a submission" > "$C/README.txt"
students=$(cd "$C" && { ls -d */ | tr -d /; ls *.lua | sed 's/\.lua$//'; } | sort)
count=$(echo "$students" | wc -l)
[ "$count" = 13 ] || fail "class has $count students"

# A whole class: exit 0 (failing students included), nothing on stderr when it is not a terminal
# but, where the kernel refuses grading children namespaces of their own (a chroot, most
# containers), the one note that says so.
NOTE="tilegrade: note: grading processes run without a private network namespace"
notes_in() { grep -c -F "$NOTE" "$1" || true; }
quiet_but_for_note() {  # STDERR_FILE WHERE: nothing on it but the note
  ! grep -q -v -F "$NOTE" "$1" || fail "stderr not quiet$2: $(cat "$1")"
}
$T batch "$A" "$C" --out "$work/out" --jobs 2 --json > "$work/summary.json" 2> "$work/err" \
  || fail "batch exit $?: $(cat "$work/err")"
quiet_but_for_note "$work/err" ""
[ "$(notes_in "$work/err")" -le 1 ] || fail "the note is said more than once: $(cat "$work/err")"

# Where namespaces are refused, a class with two worker processes says so exactly once, not once per
# worker: the batch runs chrooted to a bind mount of / with all the mounts below it, /proc and /dev
# included, which ASan and the children need (the kernel refuses a chrooted process a user
# namespace), in a mount namespace of its own that vanishes with it. As root only (CI is root).
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$work/jail"
  unshare --mount --propagation private --fork sh -c \
    'mount --rbind / "$1" && exec chroot "$1" sh -c "cd \"\$0\" && exec \"\$@\"" "$PWD" "$2" batch "$3" "$4" --out "$5" --jobs 2' \
    sh "$work/jail" "$T" "$(realpath "$A")" "$C" "$work/out-jail" > /dev/null 2> "$work/err-jail" ||
    fail "batch in a chroot exited $?: $(cat "$work/err-jail")"
  [ "$(notes_in "$work/err-jail")" = 1 ] ||
    fail "in a chroot the note should be said once: $(cat "$work/err-jail")"
  quiet_but_for_note "$work/err-jail" " in a chroot"
  cmp -s "$work/out/gradebook.csv" "$work/out-jail/gradebook.csv" ||
    fail "the chrooted class's gradebook differs"
elif [ "${CI:-}" = true ]; then
  fail "under CI=true this test runs as root (the chroot case needs it)"
fi
python3 - "$work/out" "$work/summary.json" $R/mutants "$count" "$HEAVY" <<'PY'
import csv, json, os, sys, xml.etree.ElementTree as ET
out, summary_path, mutants, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
heavy = sys.argv[5].split()
rows = list(csv.DictReader(open(os.path.join(out, "gradebook.csv"), newline="")))
assert list(rows[0].keys()) == ["student", "score", "max_score", "bfs", "dfs", "astar",
                                "status", "diagnoses"], rows[0].keys()
by = {r["student"]: r for r in rows}
assert len(rows) == count == len(by), (len(rows), count)
assert [r["student"] for r in rows] == sorted(by), "rows not sorted by student"
for name in ("alice", "bob", "dora"):
    r = by[name]
    assert (r["score"], r["max_score"], r["status"], r["diagnoses"]) == ("75", "75", "graded", ""), r
for f in sorted(os.listdir(mutants)):
    if not f.endswith(".json") or f[:-5] in heavy:
        continue
    want = json.load(open(os.path.join(mutants, f)))
    r = by["mutant_" + f[:-5]]
    assert r["status"] == "graded", r
    assert abs(float(r["score"]) - want["score"]) < 1e-3, (r, want)  # the CSV keeps 6 digits
    assert want["diagnosis"] in r["diagnoses"].split(), (r, want)
    assert abs(float(r["bfs"]) + float(r["dfs"]) + float(r["astar"]) - float(r["score"])) < 1e-4, r
expected_errors = {"hostile_syntax": "did-not-run", "hostile_io": "did-not-run",
                   "twofiles": "ambiguous-script", "empty": "no-script"}
for name, code in expected_errors.items():
    r = by[name]
    assert (r["status"], r["score"], r["diagnoses"]) == ("error", "0", code), r

reports = os.path.join(out, "reports")
for name in by:
    for suffix in (".txt", ".json", ".junit.xml"):
        assert os.path.isfile(os.path.join(reports, name + suffix)), (name, suffix)
    d = json.load(open(os.path.join(reports, name + ".json")))
    assert d["execution_time"] == 0, "batch reports fix execution_time to 0"
    assert abs(d["score"] - float(by[name]["score"])) < 1e-3, name  # the CSV keeps 6 digits
    ET.parse(os.path.join(reports, name + ".junit.xml"))
alice = ET.parse(os.path.join(reports, "alice.junit.xml")).getroot()
assert len(alice.findall(".//testcase")) == 18
assert "several .lua files (a.lua, b.lua)" in open(os.path.join(reports, "twofiles.txt")).read()
assert "did not load" in open(os.path.join(reports, "hostile_syntax.txt")).read()

s = json.load(open(summary_path))
assert s["students"] == count and s["reused"] == 0 and s["internal_errors"] == 0, s
assert s["errors"] == len(expected_errors), s
PY

# Resume: a rerun regrades nothing; after deleting one report only that student is regraded,
# and every output is byte-identical.
cp -r "$work/out" "$work/first"
$T batch "$A" "$C" --out "$work/out" --json > "$work/again.json" || fail "rerun exit $?"
rm "$work/out/reports/alice.txt"
$T batch "$A" "$C" --out "$work/out" --jobs 2 --json > "$work/resume.json" || fail "resume exit $?"
python3 - "$work/again.json" "$work/resume.json" "$count" <<'PY'
import json, sys
again, resume, count = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
graded = count - 2  # the ambiguous and the empty folder have no record: they are rebuilt
assert again["reused"] == graded, again["reused"]
assert resume["reused"] == graded - 1, resume["reused"]
assert [r["student"] for r in resume["rows"] if not r["reused"] and r["status"] == "graded"] == ["alice"]
PY
diff -r "$work/first" "$work/out" > /dev/null || fail "resumed outputs differ from the first run"

# Shards: 1/2 and 2/2 grade every student exactly once; copying both into one folder and running
# without --shard merges them (all reused) into the gradebook of the whole class.
$T batch "$A" "$C" --out "$work/s1" --shard 1/2 > /dev/null || fail "shard 1/2 exit $?"
$T batch "$A" "$C" --out "$work/s2" --shard 2/2 > /dev/null || fail "shard 2/2 exit $?"
[ -f "$work/s1/gradebook.shard-1-of-2.csv" ] && [ -f "$work/s2/gradebook.shard-2-of-2.csv" ] \
  || fail "shard gradebooks missing"
{ tail -n +2 "$work/s1/gradebook.shard-1-of-2.csv"; tail -n +2 "$work/s2/gradebook.shard-2-of-2.csv"; } \
  | LC_ALL=C sort > "$work/shard_rows"
tail -n +2 "$work/first/gradebook.csv" > "$work/all_rows"
cmp "$work/shard_rows" "$work/all_rows" || fail "shards do not cover the class exactly once"
mkdir "$work/merged"
cp -r "$work/s1/." "$work/s2/." "$work/merged/"
$T batch "$A" "$C" --out "$work/merged" --json > "$work/merged.json" || fail "merge exit $?"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['reused'] == int(sys.argv[2]) - 2, d['reused']" \
  "$work/merged.json" "$count"
cmp "$work/merged/gradebook.csv" "$work/first/gradebook.csv" || fail "merged gradebook differs"

# A hang and a crash cost their task (its later tests are not run), never the class. Short runaway
# guards (1 s per call, 2 s per child) keep this quick; the solution beside them gets full marks.
L=$work/short-limits
cp -r $A "$L"
sed -i 's/"test_seconds": 20/"test_seconds": 2/; s/"call_seconds": 10/"call_seconds": 1/' \
  "$L/assignment.json"
grep -q '"call_seconds": 1,' "$L/assignment.json" || fail "limits not lowered"
H=$work/hostile-class
mkdir "$H"
cp $R/solution.lua "$H/alice.lua"
# Hangs in the first BFS test (start 3 1 2 / 0 4 5 / 6 7 8), correct elsewhere.
{ cat $R/solution.lua; cat <<'LUA'
local solution_bfs = bfs
function bfs(problem)
  if problem.start[1] == 3 and problem.start[4] == 0 then while true do end end
  return solution_bfs(problem)
end
LUA
} > "$H/hangs.lua"
# Stops its child inside one C call (only the kill ends it) in the first DFS test.
{ cat $R/solution.lua; cat <<'LUA'
local solution_dfs = dfs
function dfs(problem)
  if problem.start[1] == 3 and problem.start[4] == 0 then
    string.find(('a'):rep(1e5), ('a*'):rep(100) .. 'b')
  end
  return solution_dfs(problem)
end
LUA
} > "$H/crashes.lua"
$T batch "$L" "$H" --out "$work/hostile-out" --jobs 2 > /dev/null || fail "hostile class exit $?"
python3 - "$work/hostile-out" <<'PY'
import csv, os, sys
out = sys.argv[1]
by = {r["student"]: r for r in csv.DictReader(open(os.path.join(out, "gradebook.csv"), newline=""))}
assert (by["alice"]["score"], by["alice"]["status"]) == ("75", "graded"), by["alice"]
hangs, crashes = by["hangs"], by["crashes"]
# A hung test costs its task (its later tests are not run, and say so once), never other tasks.
assert hangs["status"] == "graded" and hangs["diagnoses"] == "did-not-run error", hangs
assert (hangs["score"], hangs["bfs"], hangs["dfs"]) == ("50", "0", "25"), hangs
assert crashes["status"] == "graded" and crashes["diagnoses"] == "did-not-run", crashes
assert (crashes["score"], crashes["bfs"], crashes["dfs"]) == ("50", "25", "0"), crashes
text = open(os.path.join(out, "reports", "crashes.txt")).read()
assert "stopped the grader's process" in text, text[:2000]
assert "Not run: your `dfs` did not return within 2 s of processor time in test published-1." in text, text[:3000]
text = open(os.path.join(out, "reports", "hangs.txt")).read()
assert "processor-time limit of 1 s per call exceeded" in text
assert text.count("Not run: your `bfs` did not return within 1 s of processor time in test published-1.") == 1, text
PY
# With "after_timeout": "run-all", a hang costs its own test only (the task's points over its tests).
sed -i 's/"title":/"after_timeout": "run-all", "title":/' "$L/assignment.json"
rm "$H/crashes.lua"
$T batch "$L" "$H" --out "$work/run-all-out" --jobs 2 > /dev/null || fail "run-all class exit $?"
python3 - "$work/run-all-out" <<'PY'
import csv, os, sys
by = {r["student"]: r for r in csv.DictReader(open(os.path.join(sys.argv[1], "gradebook.csv"), newline=""))}
hangs = by["hangs"]
assert hangs["diagnoses"] == "error" and 69 < float(hangs["score"]) < 75, hangs
PY

# Bad input: exit 2 with one clear line.
expect_exit() {
  local want=$1 pattern=$2 code=0; shift 2
  "$@" > /dev/null 2> "$work/err" || code=$?
  [ "$code" = "$want" ] || fail "exit $code (expected $want) for: $* ($(cat "$work/err"))"
  grep -q -- "$pattern" "$work/err" || fail "no '$pattern' in: $(cat "$work/err")"
}
expect_exit 2 "no such submissions folder" $T batch "$A" "$work/missing" --out "$work/x"
expect_exit 2 "assignment.json" $T batch "$work/missing" "$C" --out "$work/x"
expect_exit 2 "bad shard" $T batch "$A" "$C" --out "$work/x" --shard 3/2
expect_exit 2 "out" $T batch "$A" "$C"
touch "$work/file"
expect_exit 2 "output folder" $T batch "$A" "$C" --out "$work/file"
echo "batch_class: ok ($count students, plus a hang and a crash)"
