-- Meant: slide_down returns false when the blank is in the bottom row (cells 7, 8, 9).
-- Bug: the test is `blank >= 6` (the student counted the bottom row from 6), so a blank on the
-- right of the middle row is refused too: wrong on one cell of the right column.
function slide_down(board)
  local b = board:find(0)
  if b >= 6 then return false end
  local rows = {}
  for r = 1, 3 do
    rows[r] = {}
    for c = 1, 3 do rows[r][c] = board[(r - 1) * 3 + c] end
  end
  local r, c = board:row(b), board:col(b)
  rows[r][c], rows[r + 1][c] = rows[r + 1][c], rows[r][c]
  return rows
end
