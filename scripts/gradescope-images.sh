#!/usr/bin/env bash
# The Gradescope bundle on the systems of Gradescope's base images, without Gradescope: for each
# system it bootstraps a fresh minimal root with debootstrap, unpacks the bundle of
# assignments/classic-8puzzle in /autograder/source, runs setup.sh there as Gradescope's image
# build does, then run_autograder on the reference solution (full marks) and on a known mutant
# (some points, diagnosed), checks both results.json, and prints the wall time of every step.
# Too slow for every CI run (minutes per system); tests/e2e/gradescope_bundle.sh is the fast part.
# Usage: scripts/gradescope-images.sh [--from-source] [jammy|noble|bookworm ...]   (default: all
#   three). The bundle carries the static binary (setup.sh only validates), or with --from-source
#   the source (setup.sh installs packages and builds, as before the static binary).
#   Run as root on a Debian or Ubuntu machine with debootstrap (apt-get install debootstrap), the
#   package archives reachable, and tilegrade built in build/ (it validates the bundle). On Debian,
#   debootstrap checks the Ubuntu archive's signature only with ubuntu-keyring installed (else it
#   warns and checks the packages against the unsigned Release file); apt inside the root checks.
#   WORK_DIR    where the roots and each step's log go (default /var/tmp/tilegrade-images); the
#               roots are deleted at the end, the logs (SYSTEM.STEP.log) kept
#   KEEP_ROOTS  1 keeps the roots too (to look inside)
#   ROOT_CACHE  a folder of pristine roots made by an earlier debootstrap (ROOT_CACHE/SUITE/):
#               copied instead of bootstrapping again (the debootstrap column is then the copy)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
fail() { echo "gradescope-images: $*" >&2; exit 2; }
[ "$(id -u)" = 0 ] || fail "run as root (debootstrap and chroot need it)"
command -v debootstrap > /dev/null || fail "no debootstrap; run: apt-get install debootstrap"
bundle_options=()
if [ "${1:-}" = --from-source ]; then
  bundle_options=(--from-source)
  shift
fi
suites=("$@")
((${#suites[@]})) || suites=(jammy noble bookworm)
for suite in "${suites[@]}"; do
  case "$suite" in
    jammy|noble|bookworm) ;;
    *) fail "unknown system $suite (jammy: Ubuntu 22.04, noble: 24.04, bookworm: Debian 12)" ;;
  esac
done
work=${WORK_DIR:-/var/tmp/tilegrade-images}
mkdir -p "$work"
work=$(cd "$work" && pwd)
case "$work" in "$repo"|"$repo"/*) fail "WORK_DIR must be outside the repository" ;; esac

mounted=()
cleanup() {
  local target
  for target in "${mounted[@]}"; do
    if mountpoint -q "$target"; then umount "$target" || umount -l "$target" || true; fi
  done
  if [ "${KEEP_ROOTS:-}" != 1 ]; then
    # --one-file-system: never into a mount that failed to come off.
    for suite in "${suites[@]}"; do rm -rf --one-file-system "${work:?}/$suite"; done
    rm -f "$work/autograder.zip"
  fi
}
trap cleanup EXIT

A=assignments/classic-8puzzle
R=reference/classic-8puzzle
scripts/gradescope-bundle.sh "${bundle_options[@]}" $A "$work/autograder.zip"

now() { echo "$EPOCHREALTIME"; }
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

# A clean environment inside the root, as a container's: nothing of this machine's leaks in.
in_root() {  # ROOT COMMAND...
  local root=$1
  shift
  chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 "$@"
}

bootstrap() {  # SUITE ROOT: a minimal root with the pockets and components of the Docker images
  local suite=$1 root=$2 mirror components script=""
  case "$suite" in
    bookworm) mirror=http://deb.debian.org/debian; components=main ;;
    *) mirror=http://archive.ubuntu.com/ubuntu; components=main,universe ;;
  esac
  # An older debootstrap knows no noble: every Ubuntu release uses the gutsy script.
  [ -e "/usr/share/debootstrap/scripts/$suite" ] || script=/usr/share/debootstrap/scripts/gutsy
  if [ -n "${ROOT_CACHE:-}" ] && [ -x "$ROOT_CACHE/$suite/bin/bash" ]; then
    cp -a "$ROOT_CACHE/$suite/." "$root/"
  else
    debootstrap --variant=minbase --components="$components" "$suite" "$root" "$mirror" $script \
      > "$root.debootstrap.log" 2>&1 || { tail -5 "$root.debootstrap.log"; return 1; }
  fi
  if [ "$suite" = bookworm ]; then
    printf '%s\n' "deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
      "deb http://deb.debian.org/debian-security bookworm-security main" \
      > "$root/etc/apt/sources.list"
  else
    printf 'deb %s %s main universe\n' "$mirror" "$suite" "$mirror" "$suite-updates" \
      "$mirror" "$suite-security" > "$root/etc/apt/sources.list"
  fi
  rm -rf "$root"/var/lib/apt/lists/*  # as in the Docker images: setup.sh must update
  cp /etc/resolv.conf "$root/etc/resolv.conf"
}

unpack() {  # ZIP DIR, keeping the modes (as unzip does)
  python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as bundle:
    for info in bundle.infolist():
        os.chmod(bundle.extract(info, sys.argv[2]), (info.external_attr >> 16) & 0o777)
PY
}

grade() {  # ROOT SCRIPT KIND: run_autograder on one submission, then check results.json
  local root=$1 script=$2 kind=$3
  rm -rf "$root/autograder/submission" "$root/autograder/results"
  mkdir -p "$root/autograder/submission"
  cp "$script" "$root/autograder/submission/"
  in_root "$root" bash -c 'cd /autograder && ./run_autograder' > "$root.$kind.log" 2>&1 || return 1
  python3 - "$root/autograder/results/results.json" "$kind" \
    "$repo/assignments/classic-8puzzle/expected.json" <<'PY'
import json, sys
results, kind = json.load(open(sys.argv[1])), sys.argv[2]
tests = sum(len(entries) for entries in json.load(open(sys.argv[3]))["tasks"].values())
assert results["output_format"] == "text" and results["test_output_format"] == "text", results
assert len(results["tests"]) == tests and results["max_score"] == 75, results["output"]
if kind == "correct":
    assert results["score"] == 75, results["score"]
    assert all(test["status"] == "passed" for test in results["tests"])
else:
    assert 0 < results["score"] < 75, results["score"]
    assert any("goal-test-on-generate" in test.get("tags", []) for test in results["tests"])
print("  %s: %s/%s; %s" % (kind, round(results["score"], 2), round(results["max_score"], 2), results["output"]))
PY
}

begin() {  # STEP: names the step under way, and starts its clock
  step=$1
  start=$(now)
  echo "  $(date +%T) $step"
}

# SUITE: sets `times` (seconds per step) and `versions`, or `step` to the one that failed. Each
# command that can fail says so: set -e does not act inside a function called by `if`.
run_image() {
  local suite=$1 root=$work/$1
  rm -rf --one-file-system "$root"
  mkdir -p "$root"
  begin debootstrap
  bootstrap "$suite" "$root" || return 1
  times=$(seconds_since "$start")
  begin "unpacking the bundle"
  mount -t proc proc "$root/proc" || return 1
  mounted+=("$root/proc")
  mkdir -p "$root/autograder/source" || return 1
  unpack "$work/autograder.zip" "$root/autograder/source" || return 1
  cp "$root/autograder/source/run_autograder" "$root/autograder/run_autograder" || return 1
  begin setup.sh
  in_root "$root" bash -c 'cd /autograder/source && bash ./setup.sh' > "$root.setup.log" 2>&1 ||
    { tail -20 "$root.setup.log"; return 1; }
  times+=" $(seconds_since "$start")"
  if ((${#bundle_options[@]})); then
    versions=$(in_root "$root" bash -c \
      'echo "g++ $(g++ -dumpfullversion), cmake $(cmake --version | head -1 | cut -d" " -f3)"') ||
      return 1
  else
    versions="static binary, no compiler: $(in_root "$root" bash -c \
      'command -v g++ cmake || echo none')"
  fi
  begin "run_autograder (correct)"
  grade "$root" $R/solution.lua correct || { tail -20 "$root.correct.log"; return 1; }
  times+=" $(seconds_since "$start")"
  begin "run_autograder (broken)"
  grade "$root" $R/mutants/bfs_goal_on_generate.lua broken ||
    { tail -20 "$root.broken.log"; return 1; }
  times+=" $(seconds_since "$start")"
  umount "$root/proc" || return 1
}

status=0
table=$(printf '%-9s %12s %9s %9s %9s  %s' system debootstrap setup.sh correct broken result)
for suite in "${suites[@]}"; do
  echo "== $suite"
  step="" times="" versions=""
  if run_image "$suite"; then
    read -r boot setup correct broken <<< "$times"
    table+=$(printf '\n%-9s %10s s %7s s %7s s %7s s  ok (%s)' "$suite" "$boot" "$setup" \
      "$correct" "$broken" "$versions")
  else
    status=1
    table+=$(printf '\n%-9s FAILED at %s (logs: %s.*.log)' "$suite" "$step" "$work/$suite")
  fi
done
echo
echo "$table"
echo "(logs: $work/SYSTEM.STEP.log)"
exit $status
