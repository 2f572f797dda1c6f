#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages given that are not installed yet; nothing when all are. The
# one place the set-up scripts (setup.sh, setup-lint.sh, setup-cluster.sh, web-test-setup.sh,
# web-build.sh, lua-source.sh, tests/fuzz/run.sh, bench.sh) install packages.
# Usage: scripts/apt-install.sh WHO PACKAGE...   (WHO names the caller in its messages)
#
# The package lists are refreshed (apt-get update) only when there are none (a fresh container)
# or when installing from the lists there are fails (a package they do not know, or a version the
# mirror no longer has). A fresh machine's scripts/test.sh runs four set-up scripts, and each used
# to refresh the lists on its own: now the first one does, once.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: scripts/apt-install.sh WHO PACKAGE..." >&2
  exit 2
fi
who=$1
shift
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
((${#missing[@]})) || exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "$who: ${missing[*]} missing; run: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "$who: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
install_missing() {
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
shopt -s nullglob
lists=(/var/lib/apt/lists/*_Packages*)
shopt -u nullglob
if ((${#lists[@]})) && install_missing 2>/dev/null; then
  exit 0
fi
apt-get update -qq
install_missing
