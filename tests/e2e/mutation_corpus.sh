#!/usr/bin/env bash
# The mutation corpus's CI sample (scripts/mutation-corpus.sh): a few seeded mutants of every
# correct source, graded and scored against their edits. It fails if a source itself loses
# points, if a report names a code tests/mutation/codes.json does not know, or if any code makes
# more contradicted or unproven claims on this sample than codes.json's ceiling for it (the
# figures of the judge's last change: a rule that starts claiming causes it cannot prove fails
# here). The whole corpus (2,000 and more mutants) is measured by hand; bench/RESULTS.md.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

scripts/mutation-corpus.sh --tilegrade "$T" --per-source 3 --seed 47 --assert \
  --keep "$work/corpus" > "$work/out.txt" 2> "$work/err.txt" \
  || { cat "$work/out.txt" "$work/err.txt" >&2; fail "the corpus sample failed its checks"; }
grep -q '^mutants [0-9]*: detected [0-9]*' "$work/out.txt" || fail "no figures printed"
echo "mutation corpus sample: ok"
