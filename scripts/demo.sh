#!/usr/bin/env bash
# The main job: installs what is missing, builds, then grades the bundled 8-puzzle assignment
# with its reference solution (full marks) and with one known-wrong mutant (diagnosed).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
T=build/tilegrade
A=assignments/classic-8puzzle
echo "== tilegrade grade $A reference/classic-8puzzle/solution.lua"
$T grade $A reference/classic-8puzzle/solution.lua
echo
echo "== tilegrade grade $A reference/classic-8puzzle/mutants/bfs_goal_on_generate.lua"
# A mutant fails some tests by design: exit code 1 means "graded, with failures".
$T grade $A reference/classic-8puzzle/mutants/bfs_goal_on_generate.lua || [ $? -eq 1 ]
