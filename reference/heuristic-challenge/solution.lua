-- Reference solution for heuristic-challenge (seed 002): the answer the notebook's instructor
-- expects, the L1 (Manhattan) distance. It must score full marks (checked by `tilegrade
-- validate`): admissible, consistent, 0 at the goal, and informed enough to pass every
-- informedness threshold on the 3x3 and the 4x4 tests.
--
-- For every tile except the blank: the number of rows plus the number of columns between the
-- cell it is in and the cell it belongs in. Each move slides one tile by one cell, so a board
-- needs at least this many moves: the estimate never overestimates.
function your_heuristic(board)
  local total = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      total = total + math.abs(board:row(cell) - board:row(goal)) +
                      math.abs(board:col(cell) - board:col(goal))
    end
  end
  return total
end
