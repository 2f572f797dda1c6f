#!/usr/bin/env bash
# Installs what the cluster tests need (only what is missing):
#   - Debian's slurm-wlm and munge, for tests/e2e/slurm_cluster.sh (a real one-node Slurm cluster);
#   - kubernetes-models and yaml from the npm registry, pinned by tests/k8s/package-lock.json, into
#     .cache/k8s (ignored by git), for tests/e2e/k8s_job_manifest.sh (Debian's npm if there is none).
# Kept out of scripts/setup.sh, which Gradescope images and the Classroom workflow run and which
# need neither. Installing the packages starts no daemon: the test starts its own.
# Usage: scripts/setup-cluster.sh [--slurm-only | --k8s-only]
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
case "$mode" in
  ""|--slurm-only|--k8s-only) ;;
  *) echo "usage: scripts/setup-cluster.sh [--slurm-only | --k8s-only]" >&2; exit 2 ;;
esac

apt_install() { scripts/apt-install.sh setup-cluster "$@"; }

if [ "$mode" != --k8s-only ]; then
  apt_install slurm-wlm munge
fi
if [ "$mode" != --slurm-only ]; then
  command -v npm >/dev/null || apt_install npm
  modules=.cache/k8s
  if ! cmp -s tests/k8s/package-lock.json "$modules/package-lock.json" ||
     [ ! -d "$modules/node_modules/kubernetes-models" ]; then
    echo "setup-cluster: installing tests/k8s/package-lock.json into $modules" >&2
    mkdir -p "$modules"
    cp tests/k8s/package.json tests/k8s/package-lock.json "$modules/"
    (cd "$modules" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
  fi
fi
