#!/usr/bin/env bash
# Distributed batch, run the way the cluster runs it: the Slurm array script
# (scripts/distribute/slurm-batch.sh) once per array task, and the Kubernetes Indexed Job's
# command (scripts/distribute/tilegrade-batch-job.yaml, the line after "# shard-command") once per
# completion index, each as its own process, all at once, into one OUT; then merge.sh. The merged
# gradebook and every report are byte-identical to one unsharded run, and the merge regrades no one.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle
D=scripts/distribute
N=3

# A class of 10: solutions, every mutant, a script that does not load, a folder with no script.
subs="$work/course/submissions"
mkdir -p "$subs/nobody" "$work/bin"
cp -r "$A" "$work/course/assignment"
for name in ann ben cat; do cp $R/solution.lua "$subs/$name.lua"; done
for mutant in $R/mutants/*.lua; do cp "$mutant" "$subs/m_$(basename "$mutant")"; done
echo "function bfs(" > "$subs/syntax.lua"
ln -s "$T" "$work/bin/tilegrade"  # the scripts call `tilegrade` from PATH, as on a cluster
export PATH="$work/bin:$PATH"
students=$(find "$subs" -mindepth 1 -maxdepth 1 | wc -l)
graded=$((students - 1))  # the folder with no script gets its error row anew on every run

tilegrade batch "$work/course/assignment" "$subs" --out "$work/single" --jobs 1 > /dev/null

same_as_single() {  # OUT
  cmp "$work/single/gradebook.csv" "$1/gradebook.csv" || fail "$1: the gradebook differs"
  diff -r "$work/single/reports" "$1/reports" > /dev/null || fail "$1: reports differ"
}

# Slurm: array tasks 0..N-1, as sbatch --array=0-$((N-1)) starts them.
pids=()
for ((i = 0; i < N; i++)); do
  SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=$N SLURM_ARRAY_TASK_MIN=0 SLURM_CPUS_PER_TASK=1 \
    bash $D/slurm-batch.sh "$work/course/assignment" "$subs" "$work/slurm" > "$work/slurm-$i.log" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || fail "a Slurm array task failed"; done
for ((k = 1; k <= N; k++)); do
  [ -f "$work/slurm/gradebook.shard-$k-of-$N.csv" ] || fail "shard $k of $N wrote no gradebook"
done
bash $D/merge.sh "$work/course/assignment" "$subs" "$work/slurm" > "$work/merge.log"
grep -q "^$students students graded ($graded reused" "$work/merge.log" ||
  fail "the merge regraded someone: $(cat "$work/merge.log")"
same_as_single "$work/slurm"

# Kubernetes: the Job's command with JOB_COMPLETION_INDEX 0..N-1 and SHARDS=N, its /course
# volume mounted at $work/course.
command=$(sed -n '/# shard-command/{n;s/^ *- //;p;}' $D/tilegrade-batch-job.yaml)
[ -n "$command" ] || fail "no shard command in the Job manifest"
grep -q "completionMode: Indexed" $D/tilegrade-batch-job.yaml || fail "the Job is not Indexed"
command=${command//\/course/$work/course}
command=${command//--out $work\/course\/graded/--out $work/k8s}
pids=()
for ((i = 0; i < N; i++)); do
  JOB_COMPLETION_INDEX=$i SHARDS=$N sh -c "$command" > "$work/k8s-$i.log" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || fail "a Job pod failed"; done
bash $D/merge.sh "$work/course/assignment" "$subs" "$work/k8s" > "$work/merge.log"
grep -q "^$students students graded ($graded reused" "$work/merge.log" ||
  fail "the merge regraded someone: $(cat "$work/merge.log")"
same_as_single "$work/k8s"

echo "distribute_shards: $students students in $N Slurm tasks and $N Job pods, each merged byte-identical to one run"
