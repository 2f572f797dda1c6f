-- Mistake: the Manhattan distance summed over every cell, the blank included. One move from the
-- goal it says 2 (the tile and the blank each one step away): it overestimates, so it is not
-- admissible and A* may return a longer path than necessary.
function heuristic(board)
  local total = 0
  for cell = 1, board:size() do
    local goal = board:goal_cell(board[cell])
    total = total + math.abs(board:row(cell) - board:row(goal)) +
                    math.abs(board:col(cell) - board:col(goal))
  end
  return total
end
