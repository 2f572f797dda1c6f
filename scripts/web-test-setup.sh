#!/usr/bin/env bash
# Installs what the browser tests need: Debian's chromium, and (unless --browser-only)
# puppeteer-core from the npm registry, pinned by tests/web/package-lock.json, into the build
# folder (never a browser download: the tests drive /usr/bin/chromium).
# Usage: scripts/web-test-setup.sh [--browser-only]   ; WEB_BUILD_DIR overrides build-web.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q "install ok installed"; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "web-test-setup: not root; run: sudo apt-get install -y chromium" >&2
    exit 1
  fi
  echo "web-test-setup: installing chromium" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
[ "${1:-}" = "--browser-only" ] && exit 0

tools="${WEB_BUILD_DIR:-build-web}/tools"
mkdir -p "$tools"
if ! cmp -s tests/web/package-lock.json "$tools/package-lock.json" ||
   [ ! -d "$tools/node_modules/puppeteer-core" ]; then
  cp tests/web/package.json tests/web/package-lock.json "$tools/"
  # No browser download (puppeteer-core has none; the variable also covers its helpers).
  (cd "$tools" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --ignore-scripts --no-audit --no-fund \
    --loglevel=error >/dev/null)
fi
