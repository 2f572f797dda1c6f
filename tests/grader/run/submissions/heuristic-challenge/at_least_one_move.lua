-- Mistake: goal-not-zero. "Every board needs at least one move", so h is never below 1, the goal
-- included.
function your_heuristic(board)
  local sum = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      sum = sum + math.abs(board:row(cell) - board:row(goal)) + math.abs(board:col(cell) - board:col(goal))
    end
  end
  return math.max(1, sum)
end
