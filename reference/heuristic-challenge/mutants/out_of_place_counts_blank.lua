-- Mistake: the notebook's out_of_place exactly as written: it compares every cell with the goal,
-- the blank's cell included. One move from the goal it says 2 (the tile and the blank are both
-- out of place) where one move is enough: it overestimates, so it is NOT admissible, although
-- the notebook says it underestimates.
function your_heuristic(board)
  local count = 0
  for cell = 1, board:size() do
    local goal_tile = cell == board:size() and 0 or cell  -- the goal is 1, 2, ..., 0
    if board[cell] ~= goal_tile then count = count + 1 end
  end
  return count
end
