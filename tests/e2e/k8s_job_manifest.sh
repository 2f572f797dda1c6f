#!/usr/bin/env bash
# The Kubernetes Indexed Job (scripts/distribute/tilegrade-batch-job.yaml) is one Kubernetes would
# accept: validated offline against Kubernetes' published API schema for batch/v1 Job (the
# kubernetes-models package, pinned by tests/k8s/package-lock.json; scripts/setup-cluster.sh
# installs it, and this test does when it is missing). The shard count the pods use (SHARDS) is
# the Job's completions and parallelism, and the command is a shell line that
# tests/e2e/distribute_shards.sh runs as each pod would: it reads it with the same parser here.
# A manifest broken on purpose (a misspelt enum, a count that is not a number) is refused, so the
# validator can fail. Under CI=true a validator that cannot be installed is a failure, not a skip.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
JOB=scripts/distribute/tilegrade-batch-job.yaml
MODULES=.cache/k8s

if ! command -v node > /dev/null || ! scripts/setup-cluster.sh --k8s-only > "$work/setup.log" 2>&1; then
  [ "${CI:-}" != true ] || fail "cannot install the Kubernetes validator under CI=true: $(cat "$work/setup.log")"
  echo "k8s_job_manifest: no node or npm validator ($(tail -1 "$work/setup.log")); skipped"
  exit 0
fi
validate() { node tests/k8s/validate-job.mjs "$MODULES" "$1"; }

validate "$JOB" > "$work/job.json" || fail "Kubernetes' schema rejects $JOB"
python3 - "$work/job.json" "$JOB" <<'PY' || exit 1
import json, re, sys
job = json.load(open(sys.argv[1]))
def fail(why):
    print(f"FAIL: {sys.argv[2]}: {why}", file=sys.stderr)
    sys.exit(1)
if job["completionMode"] != "Indexed":
    fail("not an Indexed Job: pods get no JOB_COMPLETION_INDEX")
if str(job["completions"]) != job["env"].get("SHARDS"):
    fail(f"SHARDS is {job['env'].get('SHARDS')} but completions is {job['completions']}")
if job["parallelism"] > job["completions"]:
    fail("parallelism above completions")
if job["command"] != ["/bin/sh", "-c"] or len(job["args"]) != 1:
    fail(f"want command /bin/sh -c and one line of args, got {job['command']} {job['args']}")
line = job["args"][0]
for needed in ("tilegrade batch", '--shard "$((JOB_COMPLETION_INDEX + 1))/$SHARDS"'):
    if needed not in line:
        fail(f"the shard command lacks {needed}: {line}")
# The line tests/e2e/distribute_shards.sh runs: the one after "# shard-command", as it reads it.
text = open(sys.argv[2]).read().split("\n")
marks = [i for i, l in enumerate(text) if "# shard-command" in l]
if len(marks) != 1:
    fail("want one '# shard-command' mark")
ran = re.sub(r"^ *- ", "", text[marks[0] + 1])
if ran != line:
    fail(f"distribute_shards.sh runs {ran!r}, but the Job runs {line!r}")
PY

# Broken on purpose: each must be refused with a line naming the field.
sed 's/completionMode: Indexed/completionMode: indexed/' "$JOB" > "$work/enum.yaml"
sed 's/completions: 10/completions: ten/' "$JOB" > "$work/count.yaml"
for broken in enum:completionMode count:completions; do
  file=$work/${broken%%:*}.yaml
  if validate "$file" > /dev/null 2> "$work/err"; then fail "a broken manifest passes: ${broken%%:*}"; fi
  grep -q "${broken#*:}" "$work/err" || fail "the refusal does not name ${broken#*:}: $(cat "$work/err")"
done

echo "k8s_job_manifest: $JOB is a valid batch/v1 Indexed Job; its shard command is the one distribute_shards.sh runs"
