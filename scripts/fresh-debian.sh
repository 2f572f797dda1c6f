#!/usr/bin/env bash
# The README's two set-up commands on a fresh Debian 12, as a new contributor or CI machine meets
# them: bootstraps a bookworm root with debootstrap (the default variant: a minimal installed
# system, no compiler, no cmake, no python3), copies the committed tree into it (git archive HEAD,
# so nothing built or installed here leaks in) with shared/ beside it, read-only, then runs
# `scripts/demo.sh` and `scripts/test.sh` in it as root with CI=true, and prints the wall time of
# each. A package that some step needs and no script installs fails here, not on a user's machine.
# Too slow for every CI run (minutes, mostly package downloads); run by hand before resolving
# anything that touches the install steps.
# Usage: scripts/fresh-debian.sh [demo|test ...]   (default: demo, then test)
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
((${#steps[@]})) || steps=(demo test)
for step in "${steps[@]}"; do
  case "$step" in demo|test) ;; *) fail "unknown step $step (demo or test)" ;; esac
done
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
times="debootstrap $(seconds_since "$start") s"

# What a machine has that a bare root lacks: /proc, /sys, and the devices with their terminals and
# shared memory (Chromium's).
mount_in_root proc proc /proc
mount_in_root sysfs sysfs /sys
mount_in_root rbind /dev /dev
mkdir -p "$root/work/main"
git -C "$repo" archive HEAD | tar -x -C "$root/work/main"
mount_in_root bind "$repo/../shared" /work/shared ro

for step in "${steps[@]}"; do
  echo "$(date +%T) scripts/$step.sh (log: $work/$step.log)"
  start=$EPOCHREALTIME
  if ! chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/root LANG=C.UTF-8 CI=true bash -c "cd /work/main && scripts/$step.sh" \
      < /dev/null > "$work/$step.log" 2>&1; then
    tail -30 "$work/$step.log"
    fail "scripts/$step.sh failed after $(seconds_since "$start") s on a fresh Debian 12 (log: $work/$step.log)"
  fi
  times+=", $step.sh $(seconds_since "$start") s"
  tail -3 "$work/$step.log"
done
echo "fresh Debian 12: $times"
