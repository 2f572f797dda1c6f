-- classic-8puzzle starter: fill in bfs, dfs and astar. Each returns two values:
--   the path (a list of move names such as {"Up", "Left"}, or a string of letters "UL")
--   and the number of nodes you expanded before popping the goal.
-- Run the visible tests locally:   tilegrade check assignments/classic-8puzzle starter.lua
--
-- problem.start              the start state
-- problem:is_goal(state)     true for the goal 0 1 2 / 3 4 5 / 6 7 8
-- problem:successors(state)  list of {move = "Up", state = ..., cost = 1}, in Up, Down, Left,
--                            Right order (only the legal moves); each call counts as expanding
--                            that state, and the grader compares the order with the reference
-- problem:key(state)         a string that identifies the state (use it in tables)
-- problem:h(state)           Manhattan distance (astar only)
-- heapq.push(heap, item, less), heapq.pop(heap, less)   Python's heapq, exactly

function bfs(problem)
  -- Goal test when a node is POPPED. Mark a state when you first push it; never push it again.
  error("bfs is not written yet")
end

function dfs(problem)
  -- Same rules, with a stack. Push children in reverse so that they pop Up, Down, Left, Right.
  error("dfs is not written yet")
end

function astar(problem)
  -- f = g + h. Among equal f, the child made by the earlier move (Up < Down < Left < Right)
  -- pops first; further ties as Python's heapq leaves them (see the README).
  error("astar is not written yet")
end
