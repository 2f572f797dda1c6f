-- Meant: the Manhattan distance, summed over the tiles.
-- Bug: the loop does not leave out the blank (tile 0), so the blank's own distance to its goal
-- cell is added too: the estimate overestimates next to the goal.
function heuristic(board)
  local h = 0
  for cell = 1, board:size() do
    local goal = board:goal_cell(board[cell])
    h = h + math.abs(board:row(cell) - board:row(goal)) + math.abs(board:col(cell) - board:col(goal))
  end
  return h
end
