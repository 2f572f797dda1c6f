#!/usr/bin/env bash
# Installs what the browser tests need: Debian's chromium, and (unless --browser-only)
# puppeteer-core from the npm registry, pinned by tests/web/package-lock.json, into the build
# folder (never a browser download: the tests drive /usr/bin/chromium).
# Usage: scripts/web-test-setup.sh [--browser-only]   ; WEB_BUILD_DIR overrides build-web.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/apt-install.sh web-test-setup chromium
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
