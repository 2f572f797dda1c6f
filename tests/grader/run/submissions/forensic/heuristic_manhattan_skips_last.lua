-- Mistake: not-informed, from heuristic-ignores-{tiles}. Manhattan distance over the tiles
-- 1 .. size - 2: the loop bound forgets the last tile (8 on the 8-puzzle, 15 on the 15-puzzle).
-- Admissible and consistent, only weaker: h never changes when that tile alone moves.
function your_heuristic(board)
  local total = 0
  for tile = 1, board:size() - 2 do
    local at, home = board:find(tile), board:goal_cell(tile)
    total = total + math.abs(board:row(at) - board:row(home))
                  + math.abs(board:col(at) - board:col(home))
  end
  return total
end
