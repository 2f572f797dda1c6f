-- Mistake: heuristic-constant-0, on the 2x3 slider, where A* with h = 0 finishes (360 boards):
-- every correctness check passes, and the informedness line must say why it expands so much.
function heuristic(board)
  return 0
end
