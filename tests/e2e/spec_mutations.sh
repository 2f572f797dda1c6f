#!/usr/bin/env bash
# Property: any mutation of a bundled assignment's assignment.json or expected.json ends `tilegrade
# grade` with exit 0, 1 or 2 and at most one line on stderr: never a signal, exit 3 or a hang.
# Mutations (fixed seed, so a failure reproduces): byte flips, cuts, duplicated spans, inserted
# JSON tokens, a value swapped for another type, huge numbers, deep nesting, long strings. The
# script graded is a syntax error, so an intact assignment costs one failed load, not a search.
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
COUNT=${SPEC_MUTATIONS:-150}
echo 'this is not lua' > "$work/broken.lua"

python3 - "$work" "$COUNT" <<'PY'
import json, os, random, shutil, sys
work, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(15)
assignments = sorted(d for d in os.listdir("assignments") if os.path.isfile(f"assignments/{d}/assignment.json"))
TOKENS = [b'{', b'}', b'[', b']', b',', b':', b'"', b'null', b'true', b'-1', b'1e400', b'-1e400',
          b'0.5', b'18446744073709551616', b'"\\u0000"', b'"\\ud800"', b'"\xff"', b'{"a":' * 50]
def mutate_value(value):
    choices = [None, True, -1, 1e308, 2**64, 0.5, "", "x" * 5000, [], {}, [[[]]], {"k": {}},
               list(range(200)), "\u202e", "0 0 0 0 0 0 0 0 0"]
    return rng.choice(choices)
def mutate_tree(doc):
    paths = []
    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items(): walk(v, path + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node): walk(v, path + [i])
    walk(doc, [])
    path = rng.choice(paths[1:])
    parent = doc
    for key in path[:-1]: parent = parent[key]
    action = rng.random()
    if action < 0.6:
        parent[path[-1]] = mutate_value(parent[path[-1]])
    elif action < 0.8 and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        depth = rng.choice([70, 1000, 100000])
        parent[path[-1]] = "DEEP"
        return json.dumps(doc).replace('"DEEP"', "[" * depth + "]" * depth)
    return json.dumps(doc)
def mutate_bytes(text):
    data = bytearray(text.encode())
    for _ in range(rng.randint(1, 4)):
        kind = rng.random()
        at = rng.randrange(len(data) + 1)
        if kind < 0.3 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind < 0.5:
            del data[at:at + rng.randint(1, 40)]
        elif kind < 0.7:
            end = min(len(data), at + rng.randint(1, 200))
            data[at:at] = data[at:end]
        else:
            data[at:at] = rng.choice(TOKENS)
    return bytes(data)
for i in range(count):
    name = assignments[i % len(assignments)]
    target = os.path.join(work, f"m{i:03d}")
    shutil.copytree(f"assignments/{name}", target)
    which = "expected.json" if rng.random() < 0.35 else "assignment.json"
    path = os.path.join(target, which)
    text = open(path, encoding="utf-8").read()
    if rng.random() < 0.5:
        out = mutate_bytes(text)
    else:
        out = mutate_tree(json.loads(text)).encode()
    open(path, "wb").write(out)
    open(os.path.join(target, "MUTATION"), "w").write(f"{name} {which}\n")
PY

failures=0
declare -A codes=()
for dir in "$work"/m*/; do
  code=0
  timeout 30 "$T" grade "$dir" "$work/broken.lua" > "$work/out" 2> "$work/err" || code=$?
  codes[$code]=$(( ${codes[$code]:-0} + 1 ))
  problem=""
  case $code in
    0|1|2) ;;
    124) problem="hung (30 s)" ;;
    *) problem="exit $code" ;;
  esac
  [ "$(wc -l < "$work/err")" -le 1 ] || problem="$problem; $(wc -l < "$work/err") lines on stderr"
  [ "$(wc -c < "$work/err")" -le 2200 ] || problem="$problem; a $(wc -c < "$work/err")-byte message"
  if [ -n "$problem" ]; then
    failures=$((failures + 1))
    kept=${TMPDIR:-/tmp}/spec_mutation_failure_$(basename "$dir")
    rm -rf "$kept"
    cp -r "$dir" "$kept"
    echo "FAIL: $(cat "$dir/MUTATION") (kept in $kept): $problem: $(head -c 300 "$work/err")"
  fi
done
summary=""
for code in "${!codes[@]}"; do summary="$summary exit $code: ${codes[$code]};"; done
echo "spec_mutations: $COUNT mutations,$summary $failures failures"
[ "$failures" = 0 ]
