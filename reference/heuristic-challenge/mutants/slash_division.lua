-- Mistake: the row of a cell computed with `/` (float division in Lua) instead of `//`, so the
-- estimate is a fraction such as 7.666...; a heuristic must return a whole number of moves.
function your_heuristic(board)
  local total = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      total = total + math.abs((cell - 1) / board.cols - (goal - 1) / board.cols) +
                      math.abs(board:col(cell) - board:col(goal))
    end
  end
  return total
end
