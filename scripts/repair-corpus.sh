#!/usr/bin/env bash
# The repair search (issue 49) measured on the mutation corpus: the mutants scripts/mutation-corpus.sh
# draws (same sources, same seeds), each graded alone with `tilegrade grade --format json` as a
# student's submission is, repair on. For every mutant that fails its source's tasks:
#   repaired        every failing task got a verified repair (the JSON report's extra_data.repairs)
#   at the line     one of its changes is on the mutated line (or, for a swap or a moved line,
#                   on the line next to it)
#   beside the catalogue  the diagnosis code the repair names (its edit is what the code
#                   describes), and the claims said as observations that disagreed and were dropped
# and the processor time of the whole grading (tilegrade, its grading children and the
# candidates' child, read with wait4), as the median and 95th percentile over repaired ones.
# Usage: scripts/repair-corpus.sh [--tilegrade PATH] [--per-source N] [--seed S] [--jobs J]
#                                 [--only SUBSTRING] [--json FILE] [--bundled]
#   --per-source  mutants drawn from each source (default 10)
#   --jobs        gradings at once (default 2); each grading's time is its own
#   --bundled     instead of drawn mutants, every bundled mutant (reference/*/mutants/*.lua) of a
#                 search or function task: repaired, and whether the repair's changed lines are
#                 among those where the mutant differs from reference/<assignment>/solution.lua
#                 (heuristic tasks are outside repair's scope and are counted as excluded)
set -euo pipefail
cd "$(dirname "$0")/.."
tilegrade=build/tilegrade
per_source=10
seed=47
jobs=2
only=
json_out=
mode=drawn
while [ $# -gt 0 ]; do
  case "$1" in
    --tilegrade) tilegrade=$2; shift 2 ;;
    --per-source) per_source=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --json) json_out=$2; shift 2 ;;
    --bundled) mode=bundled; shift ;;
    *) echo "repair-corpus: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$tilegrade" ] || { echo "repair-corpus: no tilegrade at $tilegrade" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
exec python3 scripts/lib/repair_corpus.py "$tilegrade" "$per_source" "$seed" "$jobs" "$only" \
     "$json_out" "$work" "$mode"
