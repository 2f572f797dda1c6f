-- Meant: "start with something safe": 0 never overestimates, improve later.
-- Bug: the estimate is the constant 0 (admissible and consistent, but A* with it is uniform-cost
-- search and runs out of heuristic calls on the harder boards).
function your_heuristic(board)
  return 0
end
