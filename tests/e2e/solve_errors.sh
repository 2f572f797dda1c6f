#!/usr/bin/env bash
# Bad input to `tilegrade solve` is exit code 2 and one clear line on stderr that names what is
# wrong (docs/cli.md); with --json the same message is the document's "error".
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
failures=0

echo '{"duplicate": "on-push"}' >"$work/unknown_key.json"
echo '{"duplicates": "on-pusj"}' >"$work/bad_value.json"
echo '{"tie_break": ["action", "fifoo"]}' >"$work/bad_tie_key.json"
echo '{"depth_limit": -3}' >"$work/bad_depth.json"
echo '{"duplicates": "on-push",' >"$work/not_json.json"

# refuse LABEL "WORDS|..." ARGS...: exit 2, nothing on stdout, exactly one line on stderr holding
# every |-separated word; then again with --json: exit 2 and {"error": ...} holding the words.
# The --json documents are kept (json/N.json, with the label and words in json/N.label and
# json/N.words) and checked by one Python run at the end: one interpreter, not one per case.
mkdir "$work/json"
cases=0
refuse() {
  local label=$1 words=$2 status=0
  shift 2
  "$TILEGRADE" solve "$@" >"$work/out.txt" 2>"$work/err.txt" || status=$?
  local problem=""
  ((status == 2)) || problem="exit code $status, not 2"
  [ -s "$work/out.txt" ] && problem="$problem; stdout not empty"
  [ "$(wc -l <"$work/err.txt")" -eq 1 ] || problem="$problem; stderr is not one line"
  IFS='|' read -ra needles <<<"$words"
  for needle in "${needles[@]}"; do
    grep -qF -- "$needle" "$work/err.txt" || problem="$problem; message lacks '$needle'"
  done
  status=0
  cases=$((cases + 1))
  "$TILEGRADE" solve --json "$@" >"$work/json/$cases.json" 2>/dev/null || status=$?
  ((status == 2)) || problem="$problem; --json exit code $status, not 2"
  printf '%s' "$label" >"$work/json/$cases.label"
  printf '%s' "$words" >"$work/json/$cases.words"
  if [ -n "$problem" ]; then
    echo "FAIL: $label: ${problem#; }"
    sed 's/^/      stderr: /' "$work/err.txt"
    failures=$((failures + 1))
  else
    echo "ok: $label: $(cat "$work/err.txt")"
  fi
}

refuse "too few tiles" "start|needs 9 tiles, got 8" \
  --size 3x3 --start "1 2 3 4 5 0 7 8" --algorithm bfs
refuse "too many tiles" "start|needs 9 tiles, got 10" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6 9" --algorithm bfs
refuse "repeated tile" "start|tile 8 appears more than once" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 8" --algorithm bfs
refuse "tile out of range" "start|tile 9 is out of range" \
  --size 3x3 --start "1 2 3 4 5 0 7 9 6" --algorithm bfs
refuse "not a number" "start|'a' is not a number" \
  --size 3x3 --start "1 2 3 4 5 0 7 a 6" --algorithm bfs
refuse "start of another size" "start|a 2x3 board needs 6 tiles, got 9" \
  --size 2x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs
refuse "goal of another size" "goal|a 3x3 board needs 9 tiles, got 6" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --goal "1 2 3 4 5 0" --algorithm bfs
refuse "bad size" "board size '3by3'" \
  --size 3by3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs
refuse "size out of range" "board size 6x6|at most 25" \
  --size 6x6 --start "1 2 3" --algorithm bfs
refuse "unsolvable, odd width" "cannot reach|inversion parity" \
  --size 3x3 --start "2 1 3 4 5 6 7 8 0" --algorithm bfs
refuse "unsolvable, even width" "cannot reach|blank row" \
  --size 2x4 --start "2 1 3 4 5 6 7 0" --algorithm bfs
refuse "unsolvable, explicit goal" "cannot reach|inversion parity" \
  --size 3x3 --start "1 2 3 4 5 6 7 8 0" --goal "0 1 2 3 4 5 6 8 7" --algorithm bfs
refuse "unknown algorithm" "unknown algorithm 'bfss'|weighted-astar" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfss
refuse "unknown heuristic" "unknown heuristic 'manhatan'|linear-conflict" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm astar --heuristic manhatan
refuse "unknown semantics key" "unknown semantics key 'duplicate'|duplicates" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/unknown_key.json"
refuse "bad semantics value" "duplicates|'on-pusj'|closed-on-pop" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/bad_value.json"
refuse "bad tie-break key" "tie_break[1]|'fifoo'|parent-lifo" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/bad_tie_key.json"
refuse "negative depth limit" "depth_limit|-3" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm dfs --semantics "$work/bad_depth.json"
refuse "semantics file is not JSON" "not_json.json|not valid JSON" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/not_json.json"
refuse "missing semantics file" "cannot read semantics file|nowhere.json" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/nowhere.json"
refuse "weight without weighted-astar" "--weight only applies to weighted-astar" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm astar --weight 2
refuse "weighted-astar without weight" "weighted-astar needs --weight" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm weighted-astar
refuse "bad weight" "weight 'two'" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm weighted-astar --weight two
# Hostile input (issue 15): each once ended in exit 3, a hang, no message or a wrong answer.
mkdir "$work/folder.json"
mkfifo "$work/fifo.json"
refuse "semantics file is a folder" "folder.json|it is a folder" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/folder.json"
refuse "semantics file is a FIFO (never waited on)" "fifo.json|not a regular file" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/fifo.json"
printf '{"depth_limit": %s1%s}' "$(printf '[%.0s' $(seq 100000))" "$(printf ']%.0s' $(seq 100000))" \
  >"$work/deep.json"
refuse "semantics nested 100,000 deep" "deep.json|nested more than 64" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/deep.json"
echo '{"depth_limit": 1e400}' >"$work/overflow.json"
refuse "a number out of range" "overflow.json|not valid JSON" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --semantics "$work/overflow.json"
refuse "a non-ASCII digit (the --json error stays valid UTF-8)" "is not a number" \
  --size 3x3 --start "$(printf '\xef\xbc\x91') 2 3 4 5 0 7 8 6" --algorithm bfs
refuse "a weight the exact priority cannot hold" "more than 6 decimal places" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm weighted-astar --weight 0.0000000000000000005
refuse "a weight of zeros" "weight '0.0000000000000000000'" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm weighted-astar --weight 0.0000000000000000000
refuse "--max-nodes 1e3" "max-nodes" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --max-nodes 1e3
refuse "--max-nodes abc" "max-nodes" \
  --size 3x3 --start "1 2 3 4 5 0 7 8 6" --algorithm bfs --max-nodes abc
long_start="1 2 3 4 5 0 7 8 $(printf 'x%.0s' $(seq 100000))"
refuse "a 100 KB start board is quoted short" "tiles" \
  --size 3x3 --start "$long_start" --algorithm bfs
"$TILEGRADE" solve --size 3x3 --start "$long_start" --algorithm bfs 2>"$work/err.txt" || true
if [ "$(wc -c <"$work/err.txt")" -gt 2200 ]; then
  echo "FAIL: a 100 KB value gives a $(wc -c <"$work/err.txt")-byte message"
  failures=$((failures + 1))
fi

# Every --json document: {"error": ...} alone, holding the words.
json_failures=$(python3 - "$work/json" "$cases" <<'PY'
import json, os, sys
folder, cases = sys.argv[1], int(sys.argv[2])
bad = 0
for n in range(1, cases + 1):
    base = os.path.join(folder, str(n))
    label = open(base + ".label", encoding="utf-8", errors="replace").read()
    words = open(base + ".words", encoding="utf-8", errors="replace").read()
    try:
        document = json.load(open(base + ".json"))
        assert set(document) == {"error"}, document
        assert all(word in document["error"] for word in words.split("|")), document
    except Exception as error:  # not JSON, or not the error document wanted
        print(f"FAIL: {label}: --json error document wrong: {error!r}"[:600], file=sys.stderr)
        bad += 1
print(bad)
PY
) || json_failures=$cases
failures=$((failures + json_failures))
((cases >= 30)) || { echo "FAIL: only $cases cases were checked"; failures=$((failures + 1)); }

if ((failures)); then
  echo "$failures bad input(s) not refused as the contract says"
  exit 1
fi
echo "every bad input refused with exit code 2 and one clear line"
