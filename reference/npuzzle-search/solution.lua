-- Reference solution for npuzzle-search: the N-puzzle notebook's (seed 001) bfs, dfs and
-- A_star_algo ported to Lua with the tilegrade problem API. It must score full marks (checked by
-- `tilegrade validate`).
--
-- Semantics, as the notebook implements them: successors in Up, Down, Left, Right order; the goal
-- is tested when a node is popped; every pop is counted, the goal pop included ("states
-- evaluated").
--   bfs, dfs: a popped state is added to `visited` after its goal test, children already in
--             `visited` are not pushed, but a popped state that is already visited is expanded
--             again (the frontier may hold duplicates). dfs pushes children in Up, Down, Left,
--             Right order (so Right pops first) and pushes nothing deeper than 60 moves.
--   astar:    a popped state already in `visited` is skipped (but counted); the heap compares
--             f = g + h only, so ties fall exactly as Python's heapq leaves them.

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
  -- collections.deque as an array with head and tail indices.
  local queue, head, tail = { { state = problem.start } }, 1, 1
  local visited = {}
  local steps = 0
  while head <= tail do
    local node = queue[head]
    queue[head] = nil
    head = head + 1
    steps = steps + 1
    if problem:is_goal(node.state) then return path_to(node), steps end
    visited[problem:key(node.state)] = true
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] then
        tail = tail + 1
        queue[tail] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  return nil, steps
end

local MAX_DEPTH = 60

function dfs(problem)
  local stack = { { state = problem.start, depth = 0 } }
  local visited = {}
  local steps = 0
  while #stack > 0 do
    local node = stack[#stack]
    stack[#stack] = nil
    steps = steps + 1
    if problem:is_goal(node.state) then return path_to(node), steps end
    visited[problem:key(node.state)] = true
    -- Successors are generated even at the depth limit (the notebook calls available_actions for
    -- every popped node); only the push is refused.
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] and node.depth < MAX_DEPTH then
        stack[#stack + 1] = { state = child.state, parent = node, move = child.move,
                              depth = node.depth + 1 }
      end
    end
  end
  return nil, steps
end

-- The notebook's heap compares its State objects by f only (State.__lt__), so among equal f the
-- order is whatever Python's heapq leaves. The sandbox's heapq library is CPython's heappush and
-- heappop line for line; given a `less` that compares f only, it pops exactly what the notebook
-- pops.
local function less(a, b) return a.f < b.f end

function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start) }, less)
  local visited = {}
  local steps = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    steps = steps + 1
    if problem:is_goal(node.state) then return path_to(node), steps end
    local key = problem:key(node.state)
    if not visited[key] then
      visited[key] = true
      for _, child in ipairs(problem:successors(node.state)) do
        if not visited[problem:key(child.state)] then
          local g = node.g + child.cost
          heapq.push(heap, { state = child.state, parent = node, move = child.move, g = g,
                             f = g + problem:h(child.state) }, less)
        end
      end
    end
  end
  return nil, steps
end
