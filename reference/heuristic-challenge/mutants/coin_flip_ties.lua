-- Mistake: "random tie-breaking": the Manhattan distance minus a coin flip, so that nodes of
-- equal f come out in a random order. It never overestimates, but the same board gets different
-- values from one call to the next, so A*'s bookkeeping (and any grade) is not reproducible.
local function manhattan(board)
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

function your_heuristic(board)
  return math.max(0, manhattan(board) - math.random(0, 1))
end
