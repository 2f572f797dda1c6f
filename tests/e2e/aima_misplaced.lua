-- aima-python's EightPuzzle.h, written again from its description: the number of cells whose tile
-- differs from the goal's, the blank's cell included (so it is not admissible). Used by
-- aima_search.sh to reproduce aima-python's astar_search and iterative_deepening_astar_search.
function heuristic(board)
  local count = 0
  for cell = 1, board:size() do
    if board:goal_cell(board[cell]) ~= cell then count = count + 1 end
  end
  return count
end
