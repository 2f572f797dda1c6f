-- Mistake: heuristic-constant-0. The student meant to fill it in later: h = 0 is admissible and
-- consistent, but tells A* nothing, so it expands as uniform-cost search does and runs out of
-- the heuristic call budget. It must be named as a constant, never as inadmissible.
function your_heuristic(board)
  return 0
end
