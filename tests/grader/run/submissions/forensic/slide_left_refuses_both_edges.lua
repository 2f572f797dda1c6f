-- Mistake: refuses-blank-in-column-3. "The blank cannot move off the board", so the student
-- refuses the blank on the left AND the right edge: slide_left returns false from column 3 too,
-- though the blank can move left from there. The answer in column 3 is slide_right's refusal,
-- but the function moves the blank, not the tile: it must never be named tile-centred-move.
function slide_left(board)
  local blank = board:find(0)
  local col = board:col(blank)
  if col == 1 or col == board.cols then return false end
  local out = {}
  for i = 1, board:size() do out[i] = board[i] end
  out[blank], out[blank - 1] = out[blank - 1], 0
  return out
end
