-- Reference solution for classic-8puzzle: the notebook's (seed 003) bfs, dfs and ast, ported to
-- Lua with the tilegrade problem API. It must score full marks (checked by `tilegrade validate`).
--
-- Semantics, as the notebook implements them: successors in Up, Down, Left, Right order; a state
-- is marked when first pushed (the start at the beginning) and never pushed again; the goal test
-- happens when a node is popped; the count is the number of nodes expanded before the goal pop.

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

function bfs(problem)
  -- A queue as an array with head and tail indices (Lua has no deque).
  local queue, head, tail = { { state = problem.start } }, 1, 1
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while head <= tail do
    local node = queue[head]
    queue[head] = nil
    head = head + 1
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        tail = tail + 1
        queue[tail] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  return nil, expanded
end

function dfs(problem)
  local stack = { { state = problem.start } }
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #stack > 0 do
    local node = table.remove(stack)
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    local children = problem:successors(node.state)
    -- Push in reverse so that children pop in Up, Down, Left, Right order.
    for i = #children, 1, -1 do
      local child = children[i]
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        stack[#stack + 1] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  return nil, expanded
end

-- Ties: (f, move rank) decides, and what still compares equal falls where Python's heapq leaves
-- it; the sandbox's heapq library is CPython's heappush/heappop line for line.
local function less(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end

local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

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
