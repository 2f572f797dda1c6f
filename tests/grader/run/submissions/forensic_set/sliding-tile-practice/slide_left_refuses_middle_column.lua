-- Meant: slide_left returns false when the blank is in the first column.
-- Bug: the edge test is `col <= 2` instead of `col == 1`, so a blank in the middle column is
-- refused too: wrong on exactly one column.
function slide_left(board)
  local blank = board:find(0)
  if board:col(blank) <= 2 then return false end
  local new = {}
  for i = 1, board:size() do new[i] = board[i] end
  new[blank], new[blank - 1] = new[blank - 1], new[blank]
  return new
end
