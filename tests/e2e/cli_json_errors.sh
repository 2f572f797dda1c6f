#!/usr/bin/env bash
# Every subcommand honours the CLI contract on bad input: with --json, one JSON document
# {"error": ...} on stdout and nothing on stderr; without it, one line on stderr naming the
# command. Exit 2 either way.
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

mkdir -p "$work/empty" "$work/subs"
A=assignments/classic-8puzzle
cases=(
  "solve --size 3x3 --start 1 --algorithm bfs"
  "pdb build --size 9x9"
  "expect $work/empty"
  "validate $work/empty"
  "tests $work/empty"
  "grade $work/empty $work/none.lua"
  "check $work/empty $work/none.lua"
  "grade $A $work/none.lua"
  "batch $work/empty $work/subs --out $work/out"
  "batch $A $work/subs --out $work/out --shard 3/2"
  "solve --size 3x3 --no-such-flag"
  "export $work/empty $work/copy"
  "export $A $A"
  "new $A"
)
for args in "${cases[@]}"; do
  # shellcheck disable=SC2086
  "$T" $args --json > "$work/stdout" 2> "$work/stderr"
  code=$?
  [ "$code" = 2 ] || check_failed "$args --json: exit $code, expected 2"
  [ -s "$work/stderr" ] &&
    check_failed "$args --json: wrote to stderr: $(head -c 200 "$work/stderr")"
  python3 - "$work/stdout" <<'PY' || check_failed "$args --json: stdout is not one {\"error\": ...} document"
import json, sys
doc = json.load(open(sys.argv[1]))
assert isinstance(doc, dict) and isinstance(doc.get("error"), str) and doc["error"], doc
PY
  # shellcheck disable=SC2086
  "$T" $args > "$work/stdout" 2> "$work/stderr"
  code=$?
  [ "$code" = 2 ] || check_failed "$args: exit $code, expected 2"
  [ -s "$work/stdout" ] && check_failed "$args: wrote to stdout: $(head -c 200 "$work/stdout")"
  grep -q "^tilegrade" "$work/stderr" || check_failed "$args: stderr does not name the command"
done

echo "cli_json_errors: ${#cases[@]} bad inputs, each one JSON document with --json and one line without"
