-- Meant: Manhattan distance plus linear conflicts: +2 for each pair of tiles in their goal row (or
-- column) that are in the wrong order.
-- Bug: the pair loops run over every ordered pair (j from 1, not from i + 1), so each conflicting
-- pair is counted twice (+4 instead of +2): it overestimates boards with a conflict.
function your_heuristic(board)
  local n = board:size()
  local h = 0
  for cell = 1, n do
    local t = board[cell]
    if t ~= 0 then
      local g = board:goal_cell(t)
      h = h + math.abs(board:row(cell) - board:row(g)) + math.abs(board:col(cell) - board:col(g))
    end
  end
  for a = 1, n do
    for b = 1, n do
      local ta, tb = board[a], board[b]
      if a ~= b and ta ~= 0 and tb ~= 0 then
        local ga, gb = board:goal_cell(ta), board:goal_cell(tb)
        if board:row(a) == board:row(b) and board:row(ga) == board:row(a)
           and board:row(gb) == board:row(b) and board:col(a) < board:col(b)
           and board:col(ga) > board:col(gb) then
          h = h + 2
        end
        if board:col(a) == board:col(b) and board:col(ga) == board:col(a)
           and board:col(gb) == board:col(b) and board:row(a) < board:row(b)
           and board:row(ga) > board:row(gb) then
          h = h + 2
        end
      end
    end
  end
  return h
end
