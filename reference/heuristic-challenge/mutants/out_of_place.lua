-- Mistake (of ambition, not of correctness): the notebook's own baseline, tiles out of place,
-- written correctly (the blank is not counted). Admissible and consistent, so every correctness
-- check passes, but it does not beat out_of_place: it is out_of_place, and it earns no
-- informedness points.
function your_heuristic(board)
  local count = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 and board:goal_cell(tile) ~= cell then count = count + 1 end
  end
  return count
end
