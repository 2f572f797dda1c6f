-- Meant: the Manhattan distance, summed over the tiles (not the blank).
-- Bug: the running total is declared OUTSIDE the function and never reset, so every call adds to
-- what the calls before it left: the same board gets a larger value each time.
local total = 0

function heuristic(board)
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      total = total + math.abs(board:row(cell) - board:row(goal))
                    + math.abs(board:col(cell) - board:col(goal))
    end
  end
  return total
end
