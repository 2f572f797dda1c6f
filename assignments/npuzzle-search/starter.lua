-- npuzzle-search starter: fill in bfs, dfs and astar. Each returns two values:
--   the path (a list of move names such as {"Down", "Right"}, or a string of letters "DR")
--   and the number of states evaluated: every node you POPPED, the goal pop included.
-- Run the visible tests locally:   tilegrade check assignments/npuzzle-search starter.lua
--
-- problem.start              the start state (s[1]..s[9], 0 is the blank)
-- problem:is_goal(state)     true for the goal 1 2 3 / 4 5 6 / 7 8 0
-- problem:successors(state)  list of {move = "Up", state = ..., cost = 1}, in Up, Down, Left,
--                            Right order (only the legal moves); each call counts as expanding
--                            that state, and the grader compares the order with the notebook's
-- problem:key(state)         a string that identifies the state (use it in tables)
-- problem:h(state)           Manhattan distance (astar only)
-- heapq.push(heap, item, less), heapq.pop(heap, less)   Python's heapq, line for line

function bfs(problem)
  -- A FIFO queue. Pop, count, goal test, add the state to visited, then append every child
  -- whose state is not in visited (even if it is already waiting in the queue).
  error("bfs is not written yet")
end

function dfs(problem)
  -- The same loop with a stack. Push children in Up, Down, Left, Right order (Right pops first),
  -- and only when the popped node's depth is below 60.
  error("dfs is not written yet")
end

function astar(problem)
  -- f = g + h with the sandbox's heapq (Python's heappush/heappop) and a less(a, b) that compares
  -- f only: heapq.push(heap, node, less), heapq.pop(heap, less). Pop, count, goal test, skip
  -- states already visited, mark, push unvisited children.
  error("astar is not written yet")
end
