-- Mistake: inconsistent. To save time the student switches to the cheaper tiles-out-of-place
-- count when the blank is already in its goal cell. Both are admissible, but one move of the
-- blank into its cell can drop h by more than 1.
function your_heuristic(board)
  local blank = board:find(0)
  local misplaced, manhattan = 0, 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      if goal ~= cell then misplaced = misplaced + 1 end
      manhattan = manhattan + math.abs(board:row(cell) - board:row(goal)) + math.abs(board:col(cell) - board:col(goal))
    end
  end
  if blank == board:size() then return misplaced end
  return manhattan
end
