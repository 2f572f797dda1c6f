-- Mistake: refuses-blank-in-row-2. The edge test compares the blank's row with rows - 1 (a
-- 0-based habit in a 1-based API), so slide_down refuses from the middle row; from the bottom row
-- it is refused by the same test's second half. Its boards are right everywhere else.
function slide_down(board)
  local blank = board:find(0)
  local row = board:row(blank)
  if row == board.rows - 1 or row == board.rows then return false end
  local out = {}
  for i = 1, board:size() do out[i] = board[i] end
  local below = blank + board.cols
  out[blank], out[below] = out[below], 0
  return out
end
