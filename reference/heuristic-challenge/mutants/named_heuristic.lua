-- Mistake: a correct Manhattan distance under the wrong name. Other assignments call the
-- function `heuristic`; this one grades `your_heuristic`, so nothing runs.
function heuristic(board)
  local total = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      total = total + math.abs(board:row(cell) - board:row(goal)) +
                      math.abs(board:col(cell) - board:col(goal))
    end
  end
  return total
end
