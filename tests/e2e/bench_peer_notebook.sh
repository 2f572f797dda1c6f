#!/usr/bin/env bash
# The seed 001 benchmark peer runs the notebook's own code, found in the seed at run time: check
# that the definitions it needs are still found there and compile (running it takes numpy and
# seconds, and is the bench's job).
set -euo pipefail
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
notebook=${TILEGRADE_SHARED_DIR:-../shared}/seeds/001_9ca648b28ed9525f.txt  # as the bench finds it
[ -f "$notebook" ] || { echo "bench_peer_notebook: $notebook is missing (shared/ beside the repository, or TILEGRADE_SHARED_DIR)"; exit 1; }
python3 - "$notebook" <<'PY'
import sys
sys.path.insert(0, "bench/peers")
import seed001_notebook_dfs as peer

code = peer.notebook_code(sys.argv[1])
compile(code, sys.argv[1], "exec")
for name in peer.WANTED_FUNCTIONS:
    assert f"def {name}(" in code, name
assert "max_depth=60" in code and "frontier.pop()" in code, "not the notebook's DFS"
print(f"bench_peer_notebook: {len(code.splitlines())} lines of the notebook's code found and compiled")
PY
