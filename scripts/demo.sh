#!/usr/bin/env bash
# The main job: installs what is missing, builds, and solves the bundled example boards.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
T=build/tilegrade
echo "== seed 003: BFS on the 8-puzzle, blank-first goal (expects 10 expanded, Up Left Left)"
$T solve --size 3x3 --start "1 2 5 3 4 0 6 7 8" --goal blank-first --algorithm bfs
echo
echo "== seed 001: A* with Manhattan as the notebook ran it (python heapq on f only; 42 pops)"
$T solve --size 3x3 --start "4 1 2 7 0 6 8 3 5" --algorithm astar \
  --semantics tests/semantics/seed001_astar.json
echo
echo "== the 2x3 slider of seed 000, UCS where moving tile k costs k"
$T solve --size 2x3 --start "1 0 3 4 2 5" --algorithm ucs --semantics tests/semantics/tile_cost.json
