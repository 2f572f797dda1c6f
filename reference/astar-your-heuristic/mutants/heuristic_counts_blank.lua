-- Mutant: a correct A* with Manhattan that counts the blank as a tile (it overestimates).
-- Reference solution for astar-your-heuristic: the Manhattan distance as the heuristic, and A* as
-- the assignment's rules say. It must score full marks (checked by `tilegrade validate`).

-- For every tile except the blank, the rows plus the columns between its cell and its goal cell:
-- each move slides one tile by one cell, so this never overestimates, and it changes by exactly
-- one per move (consistent).
function heuristic(board)
  local total = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    do
      local goal = board:goal_cell(tile)
      total = total + math.abs(board:row(cell) - board:row(goal)) +
                      math.abs(board:col(cell) - board:col(goal))
    end
  end
  return total
end

local function path_to(node)
  local reversed = {}
  while node.parent do
    reversed[#reversed + 1] = node.move
    node = node.parent
  end
  local moves = {}
  for i = #reversed, 1, -1 do moves[#moves + 1] = reversed[i] end
  return moves
end

local function less(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end

local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

-- problem:h(s) is your heuristic(s): the grader records what it says, to replay the search.
function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), rank = -1 }, less)
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local g = node.g + child.cost
        heapq.push(heap, { state = child.state, parent = node, move = child.move, g = g,
                           f = g + problem:h(child.state), rank = RANK[child.move] }, less)
      end
    end
  end
  return nil, expanded
end
