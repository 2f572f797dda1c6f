-- Meant: check_solved: every tile where the goal has it (the blank then has to be last).
-- Bug: the loop stops one row early (size - cols), so the last row is never looked at and a board
-- whose last row is scrambled is called solved.
function check_solved(board)
  for cell = 1, board:size() - board.cols do
    if board[cell] ~= cell then
      return false
    end
  end
  return true
end
