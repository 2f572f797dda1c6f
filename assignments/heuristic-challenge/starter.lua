-- heuristic-challenge starter: write your_heuristic(board), an estimate of the number of moves
-- the board still needs. It must be a whole number >= 0, never more than the true number of
-- moves (admissible), drop by at most 1 across any move (consistent), be 0 at the goal, and give
-- the same board the same value every time. It is used on 3x3 AND 4x4 boards.
-- Run the visible tests locally:   tilegrade check assignments/heuristic-challenge starter.lua
--
-- board[i]                       tile in cell i (1-based, row by row), 0 is the blank
-- board.rows, board.cols         3, 3 (8-puzzle) or 4, 4 (15-puzzle); board:size() = cells
-- board:find(tile)               the cell holding tile
-- board:goal_cell(tile)          the cell where tile belongs
-- board:row(cell), board:col(cell)   1-based row and column of a cell

-- The notebook's baseline, tiles out of place, WITHOUT the blank (the notebook counts the blank,
-- which makes it overestimate). Beat it.
function your_heuristic(board)
  local count = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 and board:goal_cell(tile) ~= cell then count = count + 1 end
  end
  return count
end
