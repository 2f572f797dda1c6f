-- astar-your-heuristic starter: write heuristic(board), then astar(problem), which uses it.
-- Run the visible tests locally:   tilegrade check assignments/astar-your-heuristic starter.lua
--
-- board[i]                   tile in cell i (1-based, row by row), 0 = blank
-- board:size(), board:find(tile), board:goal_cell(tile), board:row(cell), board:col(cell)
--
-- problem.start              the start state
-- problem:is_goal(state)     true for the goal 0 1 2 / 3 4 5 / 6 7 8
-- problem:successors(state)  list of {move = "Up", state = ..., cost = 1}, in Up, Down, Left,
--                            Right order (only the legal moves); each call counts as expanding
--                            that state, and the grader compares the order with the reference
-- problem:key(state)         a string that identifies the state (use it in tables)
-- problem:h(state)           YOUR heuristic(state): call it, rather than heuristic() directly
-- heapq.push(heap, item, less), heapq.pop(heap, less)   Python's heapq, exactly

function heuristic(board)
  -- A whole number >= 0 that never overestimates the moves left, and is 0 at the goal.
  error("heuristic is not written yet")
end

function astar(problem)
  -- f = g + problem:h(state). Among equal f, the child made by the earlier move
  -- (Up < Down < Left < Right) pops first; further ties as Python's heapq leaves them.
  error("astar is not written yet")
end
