#!/usr/bin/env bash
# Every hostile script graded as a submission through `tilegrade grade`: the run ends within its
# limits, the grader exits 1 with valid JSON, the attacked test scores 0 with a clear message,
# and the other tests of the same file are still graded (and pass, the scripts being correct
# Manhattan elsewhere). Load-time attacks fail every test with the loader's message.
set -euo pipefail
T=${TILEGRADE:?set by ctest}
A=tests/fixtures/hostile-heuristic
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
LOAD_TIME="syntax_error.lua load_time_loop.lua bytecode_chunk.lua"

check_one() {
  local script=$1 name
  name=$(basename "$script")
  local started=$SECONDS code=0
  timeout 60 "$T" grade "$A" "$script" --json > "$tmp/$name.json" 2> "$tmp/$name.err" || code=$?
  local took=$((SECONDS - started))
  [ "$code" = 1 ] || { echo "FAIL $name: exit $code (expected 1)"; cat "$tmp/$name.err"; return 1; }
  # 3 tests x 3 s wall limit each, plus the grader's own work: far below the 60 s guard.
  [ "$took" -le 20 ] || { echo "FAIL $name: took ${took}s"; return 1; }
  local load_time=0
  case " $LOAD_TIME " in *" $name "*) load_time=1 ;; esac
  python3 - "$tmp/$name.json" "$name" "$load_time" <<'PY' || return 1
import json, sys
path, name, load_time = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
d = json.load(open(path))
tests = {t["name"].split(": ", 1)[1]: t for t in d["tests"]}
attacked = tests["attacked"]
assert attacked["score"] == 0, (name, attacked["score"])
assert attacked["status"] == "failed"
message = attacked["output"]
assert len(message.strip()) > 0
if load_time:
    for t in tests.values():
        assert t["score"] == 0 and "did not load" in t["output"], (name, t["output"][:200])
else:
    # A clear message: the file named (an error) or the process limit explained (a kill).
    assert name in message or "stopped the grader's process" in message, (name, message[:400])
    for other in ("near-1", "near-2"):
        t = tests[other]
        assert t["status"] == "passed", (name, other, t["output"][:400])
PY
}

failures=0
count=0
for script in tests/hostile/*.lua; do
  count=$((count + 1))
  check_one "$script" || failures=$((failures + 1))
done
echo "grade_hostile: $count scripts, $failures failures"
[ "$count" -ge 25 ] || { echo "FAIL: only $count hostile scripts"; exit 1; }
[ "$failures" = 0 ]
