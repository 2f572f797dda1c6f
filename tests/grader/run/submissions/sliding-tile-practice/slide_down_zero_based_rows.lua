-- Mistake: refuses-blank-in-row-2. The student counts rows from 0 and stops one row early: a
-- blank in the middle row cannot go down, they think.
function slide_down(board)
  local b = board:find(0)
  local row = (b - 1) // board.cols
  if row >= board.rows - 2 then return false end
  local t = {}
  for i = 1, board:size() do t[i] = board[i] end
  t[b], t[b + board.cols] = t[b + board.cols], 0
  return t
end
