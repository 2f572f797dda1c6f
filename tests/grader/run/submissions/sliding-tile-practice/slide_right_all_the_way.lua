-- Mistake: wrong-board-blank-in-column-1. The student slides like the wooden puzzle's whole
-- row: the blank goes right as far as it can, shifting every tile on its way, instead of one
-- cell. From column 2 that is one cell, as it should be: only column 1's boards are wrong.
function slide_right(board)
  local b = board:find(0)
  if board:col(b) == board.cols then return false end
  local t = {}
  for i = 1, board:size() do t[i] = board[i] end
  while (b - 1) % board.cols < board.cols - 1 do
    t[b], t[b + 1] = t[b + 1], 0
    b = b + 1
  end
  return t
end
