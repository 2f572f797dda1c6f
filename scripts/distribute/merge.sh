#!/usr/bin/env bash
# After every shard of a distributed batch (slurm-batch.sh, tilegrade-batch-job.yaml) has written
# into OUT_DIR: grade the class once more without --shard. Every student's record is reused (none
# is regraded), and OUT_DIR/gradebook.csv is written, byte-identical to one unsharded run. A
# student whose shard failed is graded now.
#   scripts/distribute/merge.sh ASSIGNMENT_DIR SUBMISSIONS_DIR OUT_DIR
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 ASSIGNMENT_DIR SUBMISSIONS_DIR OUT_DIR" >&2
  exit 2
fi
exec tilegrade batch "$1" "$2" --out "$3"
