-- slider-2x3 starter: fill in the five searches and the heuristic. Each search returns two
-- values: the path (a list of move names such as {"Down", "Right"}, or a string "DR") and the
-- number of nodes processed, len(came_from): distinct states reached, the start included.
-- Run the visible tests locally:   tilegrade check assignments/slider-2x3 starter.lua
--
-- problem.start              the start state (s[1]..s[6], 0 is the blank)
-- problem:is_goal(state)     true for the goal 1 2 3 / 4 5 0
-- problem:successors(state)  list of {move = "Up", state = ..., cost = c}, in Up, Down, Left,
--                            Right order (legal moves only; c is the tile number in ucs, else 1);
--                            each call counts as expanding that state
-- problem:key(state)         a string that identifies the state (use it in came_from)
-- problem:h(state)           Manhattan distance (greedy and astar only)
-- Priority queues order by priority, then by the state's tiles (s[1], then s[2], ...).

function bfs(problem)
  -- FIFO queue; record a state in came_from when you first push it; goal test when popped.
  error("bfs is not written yet")
end

function dfs(problem)
  -- The same with a stack; push children in Up, Down, Left, Right order (Right pops first).
  error("dfs is not written yet")
end

function ucs(problem)
  -- The notebook's astar_search with priority cost_so_far (use child.cost: tile costs).
  error("ucs is not written yet")
end

function greedy(problem)
  -- Like bfs, with a priority queue ordered by problem:h(state), then by the tiles.
  error("greedy is not written yet")
end

function astar(problem)
  -- The notebook's astar_search: push when unseen or cheaper, priority g + h; stale entries
  -- are expanded again when popped.
  error("astar is not written yet")
end

function heuristic(board)
  -- Sum over the tiles (not the blank) of |row - goal row| + |col - goal col|.
  -- board[i], board:size(), board:find(tile), board:goal_cell(tile), board:row(c), board:col(c)
  error("heuristic is not written yet")
end
