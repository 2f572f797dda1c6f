-- Meant: the notebook's heuristic, ported line by line.
-- Bug: the loop copies the notebook's `range(1, 5)`, which stops at 4: tile 5 is never counted
-- (the handout says to write what the text says, every tile). Still admissible, but it ignores a
-- tile, so A* processes more nodes.
function heuristic(board)
  local sum = 0
  for tile = 1, 4 do
    local at, home = board:find(tile), board:goal_cell(tile)
    sum = sum + math.abs(board:row(at) - board:row(home)) + math.abs(board:col(at) - board:col(home))
  end
  return sum
end
