-- iterative-deepening starter: fill in iddfs and idastar. Each returns two values:
--   the path (a list of move names such as {"Up", "Left"}, or a string of letters "UL")
--   and the number of nodes you expanded, added up over every round.
-- Run the visible tests locally:   tilegrade check assignments/iterative-deepening starter.lua
--
-- problem.start              the start state
-- problem:is_goal(state)     true for the goal 1 2 3 / 4 5 6 / 7 8 0
-- problem:successors(state)  list of {move = "Up", state = ..., cost = 1}, in Up, Down, Left,
--                            Right order (only the legal moves); each call counts as expanding
--                            that state, and the grader compares the order with the reference
-- problem:key(state)         a string that identifies the state (use it in tables)
-- problem:h(state)           Manhattan distance (idastar only)

function iddfs(problem)
  -- Depth limit 0, 1, 2, ...: each round a depth-limited search from the start. Test a node for
  -- the goal when you reach it; at the limit, stop there (do not expand it). Skip a child that
  -- is already on the current path. Stop when a round finds the goal, or when no branch was cut.
  error("iddfs is not written yet")
end

function idastar(problem)
  -- The same search bounded by f = g + h: a node with f above the bound is not goal-tested or
  -- expanded. First bound h(start); each next bound the smallest f the last round cut off.
  error("idastar is not written yet")
end
