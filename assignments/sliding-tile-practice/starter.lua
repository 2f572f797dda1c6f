-- sliding-tile-practice starter: the notebook's warm-up, DFS and BFS sections.
-- Run the visible tests locally:   tilegrade check assignments/sliding-tile-practice starter.lua
--
-- board[i]                   tile in cell i (1-based, row by row), 0 is the blank
-- board.rows, board.cols     and board:size(), board:row(cell), board:col(cell),
--                            board:find(tile), board:goal_cell(tile)
-- A slide moves the BLANK and returns a NEW board (a list of tiles row by row, or a list of
-- rows), or false when the blank cannot move that way. Never change the board you are given.

-- The notebook's worked example.
function slide_up(board)
  local blank = board:find(0)
  if board:row(blank) == 1 then return false end  -- already in the top row
  local tiles = {}
  for cell = 1, board:size() do tiles[cell] = board[cell] end  -- a copy
  tiles[blank], tiles[blank - board.cols] = tiles[blank - board.cols], 0
  return tiles
end

function slide_down(board)
  error("slide_down is not written yet")
end

function slide_left(board)
  error("slide_left is not written yet")
end

function slide_right(board)
  error("slide_right is not written yet")
end

-- True when every tile is where the goal (1, 2, ..., blank last) has it, on any board size.
function check_solved(board)
  error("check_solved is not written yet")
end

-- problem.start              the start state
-- problem:is_goal(state)     true for the goal
-- problem:successors(state)  list of {move = "Up", state = ..., cost = 1}, in Up, Down, Left,
--                            Right order; each call counts as expanding that state
-- problem:key(state)         a string that identifies the state (use it in tables)
--
-- Both searches: pop a node; skip it if its state was seen; else mark it seen, return its path
-- if it is the goal, and push ALL its successors in Up, Down, Left, Right order.

function depth_first_search(problem)
  -- A stack (pop the most recent).
  error("depth_first_search is not written yet")
end

function breadth_first_search(problem)
  -- A queue (pop the oldest).
  error("breadth_first_search is not written yet")
end
