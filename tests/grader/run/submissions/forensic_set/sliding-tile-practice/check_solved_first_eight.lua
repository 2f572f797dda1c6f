-- Meant: check_solved compares every cell with the goal 1, 2, ..., blank last.
-- Bug: the loop runs to 8, the 8-puzzle's number of tiles, whatever the board's size: on a
-- 15-puzzle only the first eight cells are compared, so a board with the first row and a half in
-- place counts as solved.
function check_solved(board)
  for i = 1, 8 do
    if board[i] ~= i then return false end
  end
  return true
end
