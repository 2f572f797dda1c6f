#!/usr/bin/env bash
# The README's two set-up commands on a fresh Debian 12, as a new contributor or CI machine meets
# them: bootstraps a bookworm root with debootstrap (the default variant: a minimal installed
# system, no compiler, no cmake, no python3), copies the committed tree into it (git archive HEAD,
# so nothing built or installed here leaks in) with shared/ beside it, read-only, then runs
# `scripts/test.sh` and then `scripts/demo.sh` in it as root with CI=true (test.sh first, so that
# its time is a fresh machine's; demo.sh then rebuilds nothing), and prints the wall time of each.
# A package that some step needs and no script installs fails here, not on a user's machine.
# The root is entered as a container does it (a mount namespace of its own and pivot_root), not
# by chroot, under which the kernel refuses the grading children their user namespaces.
# Too slow for every CI run (minutes, mostly package downloads); run by hand before resolving
# anything that touches the install steps.
# The step `prairielearn` is the PrairieLearn course as the image grades it: made here by the
# documented command (scripts/prairielearn/make-course.sh, the classic 8-puzzle), laid out as the
# grader lays out /grade, and its entrypoint run in the bare root (nothing installed in it, as in
# debian:bookworm-slim) on the reference solution and a mutant; it runs first, before any other
# step installs a library that would hide one the binary needs.
# The step `deb` is an instructor with the package and nothing else: the .deb (TILEGRADE_DEB, or
# one made by scripts/package-deb.sh) installed with dpkg in the bare root, `tilegrade bundle
# gradescope` run there on the installed classic 8-puzzle, and the zip unpacked as Gradescope
# unpacks it, its setup.sh and run_autograder run in the root on the reference solution.
# Usage: scripts/fresh-debian.sh [test|demo|prairielearn|deb ...]   (default: test, then demo)
#   Run as root on a Debian or Ubuntu machine with debootstrap (apt-get install debootstrap) and
#   Debian's archive reachable.
#   WORK_DIR    where the root and the logs go (default /var/tmp/tilegrade-fresh); the root is
#               deleted at the end, the logs (STEP.log) kept
#   KEEP_ROOT   1 keeps the root (to look inside)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
fail() { echo "fresh-debian: $*" >&2; exit 2; }
[ "$(id -u)" = 0 ] || fail "run as root (debootstrap and chroot need it)"
command -v debootstrap > /dev/null || fail "no debootstrap; run: apt-get install debootstrap"
[ -d "$repo/../shared/seeds" ] || fail "no shared/ beside the repository ($repo/../shared)"
steps=("$@")
((${#steps[@]})) || steps=(test demo)
for step in "${steps[@]}"; do
  case "$step" in
    demo|test|prairielearn|deb) ;;
    *) fail "unknown step $step (demo, test, prairielearn or deb)" ;;
  esac
done
# prairielearn, then deb, first: the bare root is the image only until a step installs packages.
ordered=()
for first in prairielearn deb; do
  for step in "${steps[@]}"; do [ "$step" != "$first" ] || ordered+=("$first"); done
done
for step in "${steps[@]}"; do
  case "$step" in prairielearn|deb) ;; *) ordered+=("$step") ;; esac
done
steps=("${ordered[@]}")
work=${WORK_DIR:-/var/tmp/tilegrade-fresh}
mkdir -p "$work"
work=$(cd "$work" && pwd)
case "$work" in "$repo"|"$repo"/*) fail "WORK_DIR must be outside the repository" ;; esac
root=$work/bookworm

mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    if mountpoint -q "${mounted[i]}"; then
      umount -R "${mounted[i]}" || umount -R -l "${mounted[i]}" || true
    fi
  done
  # --one-file-system: never into a mount that failed to come off.
  [ "${KEEP_ROOT:-}" = 1 ] || rm -rf --one-file-system "$root"
}
trap cleanup EXIT
mount_in_root() {  # TYPE-OR-bind-OR-rbind SOURCE TARGET [OPTIONS]
  mkdir -p "$root$3"
  case "$1" in
    bind)
      mount --bind "$2" "$root$3"
      [ -z "${4:-}" ] || mount -o "remount,bind,$4" "$root$3" ;;
    rbind)  # a slave copy, so that nothing mounted or unmounted below it reaches the machine's
      mount --rbind "$2" "$root$3"
      mount --make-rslave "$root$3" ;;
    *) mount -t "$1" "$2" "$root$3" ;;
  esac
  mounted+=("$root$3")
}
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", b - a }'; }

rm -rf --one-file-system "$root"
echo "$(date +%T) debootstrap bookworm"
start=$EPOCHREALTIME
debootstrap bookworm "$root" http://deb.debian.org/debian > "$work/debootstrap.log" 2>&1 ||
  { tail -5 "$work/debootstrap.log"; fail "debootstrap failed (log: $work/debootstrap.log)"; }
printf '%s\n' "deb http://deb.debian.org/debian bookworm main" \
  "deb http://deb.debian.org/debian bookworm-updates main" \
  "deb http://deb.debian.org/debian-security bookworm-security main" > "$root/etc/apt/sources.list"
rm -rf "$root"/var/lib/apt/lists/*  # a new machine has no package lists until apt-get update
cp /etc/resolv.conf "$root/etc/resolv.conf"
# As Debian's installer writes it, the machine's own name included: debootstrap leaves /etc/hosts
# out, and then neither `localhost` nor the host name resolves (slurmctld looks its own up).
printf '%s\n' "127.0.0.1	localhost" "127.0.1.1	$(hostname)" \
  "::1		localhost ip6-localhost ip6-loopback" > "$root/etc/hosts"
# The machine's own local certificate authorities go along, as its name servers do: where the
# network inspects TLS (a proxy with its own authority), npm's HTTPS reaches the registry only
# through them. Debian's ca-certificates adds them to the root's store when it is installed (or at
# once, if the root has it already). A real new machine trusts whatever its network needs.
if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  if [ -x "$root/usr/sbin/update-ca-certificates" ]; then
    chroot "$root" update-ca-certificates > /dev/null 2>&1 || true
  fi
fi
times="debootstrap $(seconds_since "$start") s"

# What a machine has that a bare root lacks: /proc, /sys with its control groups (slurmd's), and
# the devices with their terminals and shared memory (Chromium's).
mount_in_root proc proc /proc
mount_in_root rbind /sys /sys
mount_in_root rbind /dev /dev
mkdir -p "$root/work/main"
git -C "$repo" archive HEAD | tar -x -C "$root/work/main"
mount_in_root bind "$repo/../shared" /work/shared ro

in_root() {  # COMMAND LOG: runs COMMAND in the root as a container would, from /work/main
  # A private mount namespace in which the root becomes / (pivot_root), the machine's own / then
  # detached; the environment is a login's, nothing of this machine's leaks in.
  unshare --mount --propagation private --fork -- bash -c '
      mount --rbind "$1" "$1" && cd "$1" && mkdir -p .machine && pivot_root . .machine &&
      exec /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 CI=true /bin/bash -c \
        "umount -l /.machine 2>/dev/null; cd /work/main && $2"' \
      bash "$root" "$1" < /dev/null > "$2" 2>&1
}

# The PrairieLearn course, graded as its image grades it: each submission in a fresh /grade.
prairielearn_in_root() {
  local course=$work/course log=$work/prairielearn.log name submission
  rm -rf "$course"
  scripts/prairielearn/make-course.sh assignments/classic-8puzzle "$course" > "$log" 2>&1 ||
    { cat "$log"; fail "make-course.sh failed (log: $log)"; }
  for submission in reference/classic-8puzzle/solution.lua \
                    reference/classic-8puzzle/mutants/bfs_goal_on_generate.lua; do
    name=$(basename "$submission" .lua)
    rm -rf "$root/grade"
    mkdir -p "$root/grade/serverFilesCourse" "$root/grade/student"
    cp -r "$course/serverFilesCourse/tilegrade" "$root/grade/serverFilesCourse/"
    cp -r "$course/questions/classic-8puzzle/tests" "$root/grade/tests"
    cp "$submission" "$root/grade/student/"
    in_root /grade/serverFilesCourse/tilegrade/run.sh "$work/prairielearn-$name.log" ||
      { cat "$work/prairielearn-$name.log"; fail "the entrypoint failed on $name in the root"; }
    python3 - "$root/grade/results/results.json" "$name" <<'PY' ||
import json, sys
r = json.load(open(sys.argv[1]))
assert r.get("gradable", True), r
assert (r["score"] == 1) == (sys.argv[2] == "solution"), r["score"]
print(f"prairielearn: {sys.argv[2]} scored {r['score']} in the root")
PY
      fail "results.json for $name (above)"
  done
  rm -rf "$root/grade"
}

# The package alone makes a Gradescope bundle in the root, which then grades there.
deb_in_root() {
  local deb=${TILEGRADE_DEB:-} log=$work/deb.log autograder=$root/autograder
  if [ -z "$deb" ]; then
    deb=$(scripts/package-deb.sh "$work/packages" | grep '\.deb$') ||
      fail "scripts/package-deb.sh failed"
  fi
  cp "$deb" "$root/tmp/tilegrade.deb"
  in_root "dpkg -i /tmp/tilegrade.deb" "$log" || { cat "$log"; fail "dpkg -i failed in the root"; }
  local installed=/usr/share/tilegrade/assignments/classic-8puzzle
  in_root "cd /tmp && tilegrade bundle gradescope $installed" "$work/deb-bundle.log" ||
    { cat "$work/deb-bundle.log"; fail "tilegrade bundle failed in the root"; }
  rm -rf "$autograder"
  python3 - "$root/tmp/classic-8puzzle-gradescope.zip" "$autograder/source" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as bundle:
    for info in bundle.infolist():
        os.chmod(bundle.extract(info, sys.argv[2]), (info.external_attr >> 16) & 0o777)
PY
  mkdir -p "$autograder/submission"
  cp reference/classic-8puzzle/solution.lua "$autograder/submission/"
  in_root "/autograder/source/setup.sh && /autograder/source/run_autograder" \
    "$work/deb-grade.log" || { cat "$work/deb-grade.log"; fail "the zip failed in the root"; }
  python3 - "$autograder/results/results.json" <<'PY' || fail "results.json of the package's zip"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["score"] == r["max_score"] and r["tests"], (r["score"], r.get("max_score"))
print(f"deb: the package's Gradescope zip scored {r['score']}/{r['max_score']} in the root")
PY
}

for step in "${steps[@]}"; do
  if [ "$step" = deb ]; then
    echo "$(date +%T) the .deb installed in the bare root makes a Gradescope bundle" \
         "(logs: $work/deb*.log)"
    start=$EPOCHREALTIME
    deb_in_root
    times+=", deb $(seconds_since "$start") s"
    continue
  fi
  if [ "$step" = prairielearn ]; then
    echo "$(date +%T) the PrairieLearn course in the bare root (logs: $work/prairielearn*.log)"
    start=$EPOCHREALTIME
    prairielearn_in_root
    times+=", prairielearn $(seconds_since "$start") s"
    continue
  fi
  echo "$(date +%T) scripts/$step.sh (log: $work/$step.log)"
  start=$EPOCHREALTIME
  if ! in_root "scripts/$step.sh" "$work/$step.log"; then
    tail -30 "$work/$step.log"
    fail "scripts/$step.sh failed after $(seconds_since "$start") s on a fresh Debian 12 (log: $work/$step.log)"
  fi
  times+=", $step.sh $(seconds_since "$start") s"
  tail -3 "$work/$step.log"
done
echo "fresh Debian 12: $times"
