-- Mistake: inadmissible. "Two admissible heuristics added make a better one": Manhattan distance
-- plus the tiles out of place. One move from the goal it already says 2.
function your_heuristic(board)
  local manhattan, misplaced = 0, 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      manhattan = manhattan + math.abs(board:row(cell) - board:row(goal)) + math.abs(board:col(cell) - board:col(goal))
      if goal ~= cell then misplaced = misplaced + 1 end
    end
  end
  return manhattan + misplaced
end
