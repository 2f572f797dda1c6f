#!/usr/bin/env bash
# Grading a class too big for one machine on a Slurm cluster: one array task per shard.
#   sbatch --array=0-9 scripts/distribute/slurm-batch.sh ASSIGNMENT_DIR SUBMISSIONS_DIR OUT_DIR
# Array task I (of N) grades shard I+1 of N (`tilegrade batch --shard`); every task writes into
# the same OUT_DIR on the shared file system (each shard its own gradebook.shard-K-of-N.csv, each
# student their own reports and record). When all are done, scripts/distribute/merge.sh with the
# same three arguments writes the class's gradebook.csv, byte-identical to one unsharded run.
# `tilegrade` must be on PATH on the compute nodes (the Debian package, or a build on the shared
# file system: sbatch passes the submitting shell's PATH on). A range with a step (0-18:2) works;
# a list of task ids does not. tests/e2e/slurm_cluster.sh runs this on a real Slurm cluster.
#SBATCH --job-name=tilegrade-batch
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
set -euo pipefail
# Slurm runs a copy of this script from its spool folder, so $0 is no name to show.
usage="usage: sbatch --array=0-N1 scripts/distribute/slurm-batch.sh ASSIGNMENT_DIR SUBMISSIONS_DIR OUT_DIR"
if [ $# -ne 3 ]; then
  echo "$usage" >&2
  exit 2
fi
: "${SLURM_ARRAY_TASK_ID:?run as a Slurm job array: $usage}"
count=${SLURM_ARRAY_TASK_COUNT:?run as a Slurm job array: $usage}
first=${SLURM_ARRAY_TASK_MIN:-0}
step=${SLURM_ARRAY_TASK_STEP:-1}
# --array=0-9, 1-10 or 0-18:2 all give shards 1..N; a list (--array=0,3,7) has no one step.
if [ "$step" -lt 1 ] || (((SLURM_ARRAY_TASK_ID - first) % step)) ||
   ((shard = (SLURM_ARRAY_TASK_ID - first) / step + 1, shard > count)); then
  echo "slurm-batch: array task $SLURM_ARRAY_TASK_ID is not on the range $first..$((first + (count - 1) * step)) step $step; submit a range: $usage" >&2
  exit 2
fi
if ! command -v tilegrade > /dev/null; then
  echo "slurm-batch: no tilegrade on PATH on node $(hostname) (install the package there, or put a build on the shared file system and on PATH before sbatch)" >&2
  exit 2
fi
exec tilegrade batch "$1" "$2" --out "$3" --shard "$shard/$count" --jobs "${SLURM_CPUS_PER_TASK:-1}"
