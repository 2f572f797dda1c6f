-- Mistake: a placeholder that "breaks ties at random": 0 at the goal, otherwise a coin flip
-- (0 or 1). Every value is admissible and neighbouring boards never differ by more than one, but
-- the same board gets a different value from one call to the next: a heuristic must be a
-- function of the board alone, or A* (and the grade) cannot be reproduced.
function your_heuristic(board)
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 and board:goal_cell(tile) ~= cell then return math.random(0, 1) end
  end
  return 0
end
