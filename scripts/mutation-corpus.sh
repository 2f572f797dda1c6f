#!/usr/bin/env bash
# The mutation corpus (issue 47): the judge measured on mistakes nobody chose. Every correct script
# of tests/mutation/sources.json (the bundled reference solutions and correct submissions in other
# styles) is edited by `tilegrade mutate` (one edit each, of 13 kinds, drawn with a seed); each
# mutant is graded on its source's tasks with `tilegrade batch` (one batch per source, so the
# assignment is prepared once), and every failing test's diagnosis is scored against the edit
# that made it, the ground truth:
#   neutral        no cause claimed: no code, a code of codes.json's "neutral" list
#                  (unrecognised, wrong-count, ...), or a report that names no proof for it
#   consistent     a claimed cause whose part of the program (the code's roles in codes.json) is
#                  among the roles of the edited line(s) (named by the words on them, codes.json's
#                  "line_roles"), or a line with no recognisable role (unchecked, counted apart)
#   contradicted   a claimed cause about a part of the program that the edit did not touch: the
#                  edited line has roles, and none is the code's (e.g. "push and pop at the same
#                  end" to a mutant whose only change is a loop bound)
#   unproven       a variant or an identity (the report's diagnosis.proof) not the code of every
#                  failing test of its task: what an exact variant or an identity promises
# A mutant that keeps full marks on its tasks is undetected (equivalent, or missed by the tests)
# and reported apart. Figures go to stdout; --json writes every mutant's record.
# Usage: scripts/mutation-corpus.sh [--tilegrade PATH] [--per-source N] [--seed S] [--jobs J]
#                                   [--only SUBSTRING] [--json FILE] [--assert] [--keep DIR]
#                                   [--rescore]
#   --per-source  mutants drawn from each source (default 95: 22 sources, 2,090 mutants)
#   --keep        grade in DIR and leave it there (default: a temporary folder)
#   --rescore     with --keep: score the gradings already in DIR again, grading only what is missing
#   --assert      exit 1 if any source loses points, if any claim is contradicted beyond the
#                 per-code ceilings of codes.json ("contradicted_ceiling"), or if no mutant
#                 was graded
set -euo pipefail
cd "$(dirname "$0")/.."
tilegrade=build/tilegrade
per_source=95
seed=47
jobs=2
only=
json_out=
assert=0
keep=
rescore=0
while [ $# -gt 0 ]; do
  case "$1" in
    --tilegrade) tilegrade=$2; shift 2 ;;
    --per-source) per_source=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --json) json_out=$2; shift 2 ;;
    --assert) assert=1; shift ;;
    --keep) keep=$2; shift 2 ;;
    --rescore) rescore=1; shift ;;
    *) echo "mutation-corpus: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$tilegrade" ] || { echo "mutation-corpus: no tilegrade at $tilegrade" >&2; exit 2; }
work=${keep:-$(mktemp -d)}
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
exec python3 scripts/lib/mutation_corpus.py "$tilegrade" "$per_source" "$seed" "$jobs" "$only" \
     "$json_out" "$assert" "$work" "$rescore"
