#!/usr/bin/env bash
# Installs what tilegrade needs on a Debian 12 machine (only what is missing), then configures and
# builds it. Usage: scripts/setup.sh [--sanitize] ; BUILD_DIR overrides the build folder.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(g++ cmake make pkg-config liblua5.4-dev nlohmann-json3-dev doctest-dev libcli11-dev
          libfmt-dev libyaml-cpp-dev python3)
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: not root; run: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

sanitize=OFF
default_dir=build
if [ "${1:-}" = "--sanitize" ]; then
  sanitize=ON
  default_dir=build-sanitize
fi
BUILD_DIR=${BUILD_DIR:-$default_dir}
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DTILEGRADE_SANITIZE=$sanitize >/dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)"
