#!/usr/bin/env bash
# `tilegrade mutate`: mutants of a correct script, one edit each, the same for the same seed; each
# is Lua its parser accepts, differs from the script on the line its manifest names, and a script
# that is not Lua, an unknown kind or a folder already in use is refused in one line.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

script=reference/classic-8puzzle/solution.lua
"$T" mutate "$script" --out "$work/a" --count 40 --seed 5 > "$work/a.txt"
"$T" mutate "$script" --out "$work/b" --count 40 --seed 5 --json > "$work/b.json"
"$T" mutate "$script" --out "$work/c" --count 40 --seed 6 > /dev/null
grep -q '^wrote 40 mutants of [0-9]* candidate edits' "$work/a.txt" || fail "no summary line"
diff -r "$work/a" "$work/b" > /dev/null || fail "the same seed wrote other mutants"
! diff -r "$work/a" "$work/c" > /dev/null || fail "another seed wrote the same mutants"

python3 - "$script" "$work/a" <<'PY' || fail "a mutant is not what its manifest says"
import json, sys
script, folder = sys.argv[1], sys.argv[2]
original = open(script).read().split("\n")
manifest = json.load(open(f"{folder}/mutants.json"))
kinds = set()
for mutant in manifest["mutants"]:
    edited = open(f"{folder}/{mutant['file']}").read().split("\n")
    kinds.add(mutant["kind"])
    line = mutant["line"]
    assert edited != original, mutant
    # Lines before the edit are the script's own; the first that differs is the edit's.
    first = next(i for i, (a, b) in enumerate(zip(original, edited)) if a != b) + 1 \
        if any(a != b for a, b in zip(original, edited)) else min(len(original), len(edited)) + 1
    assert first >= line, (mutant, first)
    assert original[line - 1] == mutant["source_line"], mutant
assert len(kinds) >= 10, kinds
PY

# Each mutant compiles: the batch grades every one (none is refused as a script that does not load).
"$T" batch assignments/classic-8puzzle "$work/a" --out "$work/graded" --task bfs \
  --class-report off > /dev/null || [ $? = 1 ] || fail "batch over the mutants failed"
if grep -q 'did-not-load' "$work/graded/gradebook.csv"; then fail "a mutant did not load"; fi

# Refusals, each one line naming the file or the option.
printf 'if x then\n' > "$work/broken.lua"
expect_exit 2 "$T" mutate "$work/broken.lua" --out "$work/d" 2> "$work/err"
grep -q "broken.lua: .*'end' expected" "$work/err" \
  || fail "a script that is not Lua: $(cat "$work/err")"
[ "$(wc -l < "$work/err")" = 1 ] || fail "more than one line for a broken script"
expect_exit 2 "$T" mutate "$script" --out "$work/e" --kinds nonsense 2> "$work/err"
grep -q 'no edit kind nonsense' "$work/err" || fail "an unknown kind: $(cat "$work/err")"
expect_exit 2 "$T" mutate "$script" --out "$work/a" 2> "$work/err"
grep -q 'exists and is not an empty folder' "$work/err" || fail "a used folder: $(cat "$work/err")"
echo "mutate: ok"
