-- Mistake: seed 003's get_manhattan_distance, whose `return` sits inside the loop: the value is
-- the distance of whatever is in the FIRST cell (the blank included) and the loop never gets
-- further. Admissible (one piece's distance never exceeds the moves needed) and consistent, so
-- the correctness checks pass, but it is barely informed.
function your_heuristic(board)
  for cell = 1, board:size() do
    local goal = board:goal_cell(board[cell])
    return math.abs(board:row(cell) - board:row(goal)) + math.abs(board:col(cell) - board:col(goal))
  end
end
