#!/usr/bin/env bash
# The Slurm array script on a real Slurm cluster, not plain processes with SLURM_* set by hand:
# Debian's slurm-wlm and munge (scripts/setup-cluster.sh installs them; this test does when they
# are missing), one node on this machine with all its CPUs, its own munge key, config, state and
# ports on 127.0.0.1 in a temporary folder. munged, slurmctld and slurmd run in the foreground of
# this script, so each is stopped by its pid on success, failure or interruption.
# A course's submission, from its own folder: `sbatch --array=0-2 .../slurm-batch.sh assignment
# submissions graded`, which Slurm copies to its spool and starts as 3 array tasks honouring the
# script's #SBATCH lines (2 CPUs each), with tilegrade found on PATH on the node. squeue says when
# the array is done; scontrol and sacct (from the job completion log: there is no accounting
# database) say every task COMPLETED with exit 0; merge.sh regrades no one, and the gradebook and
# every report are byte-identical to one unsharded run.
# Needs root (slurmd starts jobs as their user). Under CI=true a missing package or a daemon that
# will not start is a failure; elsewhere the test says why and skips.
set -euo pipefail
T=${TILEGRADE:?set by ctest}
T=$(cd "$(dirname "$T")" && pwd)/$(basename "$T")
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
repo=$PWD
A=assignments/classic-8puzzle
R=reference/classic-8puzzle
TASKS=3
work=$(mktemp -d)
daemons=()  # pids, in the order started; also in $work/daemons for the watchdog
job=
watchdog=
fail() { echo "FAIL: $*" >&2; exit 1; }
unavailable() {  # REASON: a failure under CI, a skip elsewhere
  [ "${CI:-}" != true ] || fail "$1 (under CI=true the Slurm cluster test cannot be skipped)"
  echo "slurm_cluster: $1; skipped"
  exit 0
}
stop_cluster() {
  set +e
  [ -z "$watchdog" ] || kill "$watchdog" 2> /dev/null
  [ -z "$job" ] || scancel "$job" 2> /dev/null
  local pid i
  for ((i = ${#daemons[@]} - 1; i >= 0; i--)); do kill "${daemons[i]}" 2> /dev/null; done
  for pid in "${daemons[@]}"; do
    for _ in $(seq 100); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2> /dev/null
    wait "$pid" 2> /dev/null
  done
  rm -rf "$work"
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM HUP  # the EXIT trap stops the cluster
# Killed outright (SIGKILL, as a test runner's timeout may), this script runs no trap: a watchdog
# that outlives it stops the daemons listed in $work/daemons, by pid, then removes $work.
(
  trap '' INT TERM HUP
  while kill -0 $$ 2> /dev/null; do sleep 1; done
  while read -r pid; do kill "$pid" 2> /dev/null; done < "$work/daemons" 2> /dev/null
  rm -rf "$work"
) > /dev/null 2>&1 &
watchdog=$!

[ "$(id -u)" = 0 ] || unavailable "not root: slurmd must start jobs as their user"
scripts/setup-cluster.sh --slurm-only > "$work/setup.log" 2>&1 ||
  unavailable "cannot install slurm-wlm and munge: $(tail -1 "$work/setup.log")"
for tool in munged mungekey slurmctld slurmd sbatch squeue scontrol sacct sinfo; do
  command -v "$tool" > /dev/null || PATH=$PATH:/usr/sbin
  command -v "$tool" > /dev/null || unavailable "no $tool after installing slurm-wlm and munge"
done

started() {  # NAME PID LOG SECONDS CHECK...: wait until CHECK succeeds while PID lives
  local name=$1 pid=$2 log=$3 seconds=$4
  shift 4
  for _ in $(seq $((seconds * 5))); do
    kill -0 "$pid" 2> /dev/null || unavailable "$name exited at start: $(tail -3 "$log" | tr '\n' ' ')"
    if "$@" > /dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  unavailable "$name did not come up in $seconds s: $(tail -3 "$log" | tr '\n' ' ')"
}

# munge: its own key (in a folder only root reads) and socket (in a folder everyone can enter).
chmod 711 "$work"
mkdir -m 700 "$work/munge"
mkdir -m 755 "$work/run"
mkdir "$work/state" "$work/spool" "$work/log"
socket=$work/run/munge.socket.2
mungekey --create --keyfile="$work/munge/munge.key" > /dev/null
munged --foreground --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/run/munged.pid" --seed-file="$work/munge/munged.seed" \
  --log-file="$work/log/munged.log" > "$work/log/munged.out" 2>&1 &
daemons+=($!)
echo $! >> "$work/daemons"
munge_works() { munge -S "$socket" -n | unmunge -S "$socket"; }
started munged "${daemons[-1]}" "$work/log/munged.out" 20 munge_works

# Two free ports on 127.0.0.1, and a one-node cluster that listens there.
read -r ctld_port slurmd_port < <(python3 -c '
import socket
held = [socket.socket() for _ in range(2)]
for s in held: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in held))')
export SLURM_CONF=$work/slurm.conf
cat > "$SLURM_CONF" <<EOF
ClusterName=tilegrade-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$work/log/jobcomp.txt
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=grading Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
# With NoCtldInAddrAny slurmctld listens on the address its host name resolves to, whatever
# SlurmctldHost says, and Debian's installer maps the host name to 127.0.1.1 (here it may be
# 127.0.0.1): the clients would knock at 127.0.0.1 and find no one. So both daemons run in a UTS
# namespace of their own named localhost, which resolves to 127.0.0.1 everywhere. unshare execs
# sh and sh the daemon, all in one process (no --fork), so $! is the daemon's pid.
on_localhost=(unshare --uts -- sh -c 'hostname localhost && exec "$@"' sh)
"${on_localhost[@]}" slurmctld -D -f "$SLURM_CONF" > "$work/log/slurmctld.out" 2>&1 &
daemons+=($!)
echo $! >> "$work/daemons"
started slurmctld "${daemons[-1]}" "$work/log/slurmctld.log" 30 scontrol ping
"${on_localhost[@]}" slurmd -D -f "$SLURM_CONF" -N localhost > "$work/log/slurmd.out" 2>&1 &
daemons+=($!)
echo $! >> "$work/daemons"
node_idle() { [ "$(sinfo -h -N -o %T)" = idle ]; }
started slurmd "${daemons[-1]}" "$work/log/slurmd.log" 60 node_idle
listening=$(ss -Hltnp 2> /dev/null | grep -E ":($ctld_port|$slurmd_port) " | awk '{print $4}' | sort)
if [ -n "$listening" ] && grep -qv '^127\.0\.0\.1:' <<< "$listening"; then
  fail "a daemon listens beyond 127.0.0.1: $listening"
fi

# A course: a class of 10 (solutions, every mutant, a script that does not load, a folder with no
# script), tilegrade on PATH as on a cluster's nodes.
course=$work/course
subs=$course/submissions
mkdir -p "$subs/nobody" "$work/bin"
cp -r "$A" "$course/assignment"
for name in ann ben cat; do cp $R/solution.lua "$subs/$name.lua"; done
for mutant in $R/mutants/*.lua; do cp "$mutant" "$subs/m_$(basename "$mutant")"; done
echo "function bfs(" > "$subs/syntax.lua"
ln -s "$T" "$work/bin/tilegrade"
export PATH="$work/bin:$PATH"
students=$(find "$subs" -mindepth 1 -maxdepth 1 | wc -l)
graded=$((students - 1))  # the folder with no script gets its error row anew on every run

started_at=$(date +%s)
job=$(cd "$course" && sbatch --parsable --array=0-$((TASKS - 1)) \
  "$repo/scripts/distribute/slurm-batch.sh" assignment submissions graded) ||
  fail "sbatch refused the array: $job"
job=${job%%;*}
for _ in $(seq 1200); do  # squeue lists the array until its last task ends
  [ -n "$(squeue -h -j "$job" 2> /dev/null)" ] || break
  sleep 0.5
done
[ -z "$(squeue -h -j "$job")" ] || fail "the array is still queued after 10 minutes: $(squeue -j "$job")"
array_seconds=$(($(date +%s) - started_at))

states=$(scontrol -o show job "$job" | awk '{
  for (i = 1; i <= NF; i++) if ($i ~ /^(ArrayTaskId|JobState|ExitCode)=/) printf "%s ", $i
  print ""
}' | sort)
want=$(for ((i = 0; i < TASKS; i++)); do echo "ArrayTaskId=$i JobState=COMPLETED ExitCode=0:0 "; done)
[ "$states" = "$want" ] ||
  fail "not every array task completed with exit 0: $states; $(cat "$course"/slurm-*.out)"
completed=$(sacct --completion -n -P -o State,ExitCode 2> /dev/null | grep -c '^COMPLETED|0:0$' || true)
[ "$completed" = $TASKS ] || fail "sacct's completion log has $completed completed tasks, not $TASKS"
for ((i = 0; i < TASKS; i++)); do
  [ -f "$course/slurm-${job}_$i.out" ] || fail "array task $i wrote no slurm-${job}_$i.out"
  [ -f "$course/graded/gradebook.shard-$((i + 1))-of-$TASKS.csv" ] ||
    fail "array task $i wrote no gradebook.shard-$((i + 1))-of-$TASKS.csv: $(cat "$course/slurm-${job}_$i.out")"
done

(cd "$course" && bash "$repo/scripts/distribute/merge.sh" assignment submissions graded) > "$work/merge.log"
grep -q "^$students students graded ($graded reused" "$work/merge.log" ||
  fail "the merge regraded someone: $(cat "$work/merge.log")"
tilegrade batch "$course/assignment" "$subs" --out "$work/single" --jobs 2 > /dev/null
cmp "$work/single/gradebook.csv" "$course/graded/gradebook.csv" || fail "the gradebook differs"
diff -r "$work/single/reports" "$course/graded/reports" > /dev/null || fail "reports differ"
reports=$(find "$work/single/reports" -type f | wc -l)

echo "slurm_cluster: $students students in a $TASKS-task array on slurmctld+slurmd ($(nproc) CPUs)," \
     "done in ${array_seconds} s; merged gradebook and $reports reports byte-identical to one run"
