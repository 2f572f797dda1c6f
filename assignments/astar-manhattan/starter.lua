-- astar-manhattan starter: fill in astar. It returns the path (a list of move names such as
-- {"Down", "Right"}, or a string of letters "DR"), and optionally the number of nodes expanded
-- (shown, not graded). Any optimal path gets full marks.
-- Run the visible tests locally:   tilegrade check assignments/astar-manhattan starter.lua
--
-- problem.start              the start state (s[1]..s[9], 0 is the blank)
-- problem:is_goal(state)     true for the goal 1 2 3 / 4 5 6 / 7 8 0
-- problem:successors(state)  list of {move = "Up", state = ..., cost = 1}, in Up, Down, Left,
--                            Right order (legal moves only); moves name where the BLANK goes
-- problem:key(state)         a string that identifies the state: key your closed set by it
--                            (states are fresh tables, so closed[state] never finds anything)
-- problem:h(state)           the Manhattan distance

function astar(problem)
  -- A priority queue ordered by f = g + h; pop the smallest f; goal test when popped; keep a
  -- closed set keyed by problem:key(state); rebuild the moves from the goal back to the start.
  error("astar is not written yet")
end
