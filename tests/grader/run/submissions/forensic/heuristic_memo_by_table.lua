-- Mistake: heuristic-constant-{value}. The student memoises Manhattan distances in a table keyed
-- by the board itself; the grader passes the same board table every call (rewritten), so the
-- memo answers every board with the first board's value: h is stale from the second call on.
local memo = {}

function your_heuristic(board)
  if memo[board] then return memo[board] end
  local sum = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local home = board:goal_cell(tile)
      sum = sum + math.abs(board:row(cell) - board:row(home))
                + math.abs(board:col(cell) - board:col(home))
    end
  end
  memo[board] = sum
  return sum
end
