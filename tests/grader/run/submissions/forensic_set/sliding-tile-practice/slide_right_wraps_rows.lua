-- Meant: slide_right returns false when the blank is on the right edge.
-- Bug: only the very last cell is treated as the edge (blank == size), so from the end of the
-- first and second rows the blank "moves right" into the first cell of the next row.
function slide_right(board)
  local blank = board:find(0)
  if blank == board:size() then return false end
  local copy = {}
  for i = 1, board:size() do copy[i] = board[i] end
  copy[blank] = copy[blank + 1]
  copy[blank + 1] = 0
  return copy
end
