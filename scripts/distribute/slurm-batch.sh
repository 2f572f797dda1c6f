#!/usr/bin/env bash
# Grading a class too big for one machine on a Slurm cluster: one array task per shard.
#   sbatch --array=0-9 scripts/distribute/slurm-batch.sh ASSIGNMENT_DIR SUBMISSIONS_DIR OUT_DIR
# Array task I (of N) grades shard I+1 of N (`tilegrade batch --shard`); every task writes into
# the same OUT_DIR on the shared file system (each shard its own gradebook.shard-K-of-N.csv, each
# student their own reports and record). When all are done, scripts/distribute/merge.sh OUT_DIR
# writes the class's gradebook.csv, byte-identical to one unsharded run. `tilegrade` must be on
# PATH on the compute nodes (the Debian package, or a build).
#SBATCH --job-name=tilegrade-batch
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: sbatch --array=0-N1 $0 ASSIGNMENT_DIR SUBMISSIONS_DIR OUT_DIR" >&2
  exit 2
fi
: "${SLURM_ARRAY_TASK_ID:?run as a Slurm job array (sbatch --array=0-N1)}"
count=${SLURM_ARRAY_TASK_COUNT:?run as a Slurm job array}
first=${SLURM_ARRAY_TASK_MIN:-0}
shard=$((SLURM_ARRAY_TASK_ID - first + 1))
exec tilegrade batch "$1" "$2" --out "$3" --shard "$shard/$count" --jobs "${SLURM_CPUS_PER_TASK:-1}"
