#!/usr/bin/env bash
# Installs the GitHub Actions workflow linter that tests/e2e/classroom_workflow.sh runs on
# scripts/ci/github-classroom.yml: @action-validator/cli from the npm registry (pinned), into
# .cache/npm (ignored by git). Installs Debian's npm first when there is no npm at all. Kept out of
# scripts/setup.sh, which Gradescope images and the Classroom workflow run and which need no Node.
set -euo pipefail
cd "$(dirname "$0")/.."
VALIDATOR=@action-validator/cli@0.6.0
PREFIX=.cache/npm
if [ -x "$PREFIX/node_modules/.bin/action-validator" ]; then
  exit 0
fi
command -v npm >/dev/null || scripts/apt-install.sh setup-lint npm
echo "setup-lint: installing $VALIDATOR"
npm install --silent --no-audit --no-fund --prefix "$PREFIX" "$VALIDATOR"
