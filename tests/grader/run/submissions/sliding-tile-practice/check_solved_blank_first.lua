-- Mistake: wrong-goal-test. The student compares with the blank-FIRST goal of the previous lab.
function check_solved(board)
  for i = 1, board:size() do
    if board[i] ~= i - 1 then return false end
  end
  return true
end
