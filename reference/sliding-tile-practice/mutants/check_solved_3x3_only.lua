-- Mistake: check_solved compares with the 8-puzzle's goal written out, so no solved 4x4 board
-- is recognised (the rest is the reference solution).

local function blank_cell(board)
  for cell = 1, board:size() do
    if board[cell] == 0 then return cell end
  end
end

-- The board with the blank swapped with the tile `offset` cells away.
local function swapped(board, blank, offset)
  local tiles = {}
  for cell = 1, board:size() do tiles[cell] = board[cell] end
  tiles[blank], tiles[blank + offset] = tiles[blank + offset], 0
  return tiles
end

function slide_up(board)
  local blank = blank_cell(board)
  if board:row(blank) == 1 then return false end
  return swapped(board, blank, -board.cols)
end

function slide_down(board)
  local blank = blank_cell(board)
  if board:row(blank) == board.rows then return false end
  return swapped(board, blank, board.cols)
end

function slide_left(board)
  local blank = blank_cell(board)
  if board:col(blank) == 1 then return false end
  return swapped(board, blank, -1)
end

function slide_right(board)
  local blank = blank_cell(board)
  if board:col(blank) == board.cols then return false end
  return swapped(board, blank, 1)
end

-- Solved when every tile is in its goal cell (the blank then is in the one left).
function check_solved(board)
  -- The 8-puzzle's goal, written out: right on 3x3, never true on a larger board.
  local goal = { 1, 2, 3, 4, 5, 6, 7, 8, 0 }
  for cell = 1, board:size() do
    if board[cell] ~= goal[cell] then return false end
  end
  return true
end

-- The notebook's searches, through the problem API: a popped state already seen is skipped,
-- successors are pushed in Up, Down, Left, Right order, the goal is tested when popped, and the
-- path is returned as letters.
local function search(problem, take)
  local frontier = { { state = problem.start, path = "" } }
  local seen = {}
  while #frontier > 0 do
    local node = take(frontier)
    local key = problem:key(node.state)
    if not seen[key] then
      seen[key] = true
      if problem:is_goal(node.state) then return node.path end
      for _, step in ipairs(problem:successors(node.state)) do
        frontier[#frontier + 1] = { state = step.state, path = node.path .. step.move:sub(1, 1) }
      end
    end
  end
  return nil
end

function depth_first_search(problem)
  return search(problem, table.remove)  -- the most recent: a stack
end

function breadth_first_search(problem)
  -- table.remove(list, 1) shifts the whole list, as the notebook's list.pop(0) does: fine here.
  return search(problem, function(list) return table.remove(list, 1) end)
end
