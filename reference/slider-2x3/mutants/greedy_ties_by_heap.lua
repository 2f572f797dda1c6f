-- Mistake: greedy's heap compares h alone, where Python compares (h, state) tuples, so among
-- equal h the heap's own order decides, not the tiles (the rest is the reference solution).

local function path_from(came_from, key)
  local reversed = {}
  while came_from[key].parent do
    reversed[#reversed + 1] = came_from[key].move
    key = came_from[key].parent
  end
  local moves = {}
  for i = #reversed, 1, -1 do moves[#moves + 1] = reversed[i] end
  return moves
end

local function count_keys(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  return n
end

-- The uninformed and greedy searches share one loop; `frontier` supplies put/get/empty.
local function first_seen_search(problem, frontier, priority)
  local start_key = problem:key(problem.start)
  local came_from = { [start_key] = { state = problem.start } }
  frontier.put(problem.start, priority and priority(problem.start))
  while not frontier.empty() do
    local current = frontier.get()
    local current_key = problem:key(current)
    if problem:is_goal(current) then
      return path_from(came_from, current_key), count_keys(came_from)
    end
    for _, child in ipairs(problem:successors(current)) do
      local key = problem:key(child.state)
      if not came_from[key] then
        came_from[key] = { parent = current_key, move = child.move, state = child.state }
        frontier.put(child.state, priority and priority(child.state))
      end
    end
  end
  return nil, count_keys(came_from)
end

function bfs(problem)
  local items, head, tail = {}, 1, 0
  return first_seen_search(problem, {
    put = function(state) tail = tail + 1; items[tail] = state end,
    get = function() local s = items[head]; items[head] = nil; head = head + 1; return s end,
    empty = function() return head > tail end,
  })
end

function dfs(problem)
  local items = {}
  return first_seen_search(problem, {
    put = function(state) items[#items + 1] = state end,
    get = function() return table.remove(items) end,
    empty = function() return #items == 0 end,
  })
end

-- A binary min-heap of {priority, state}, ordered like Python's tuples: by priority, then by the
-- state's tiles compared one by one. No two entries are ever equal here, so any correct heap
-- pops them in the same order as queue.PriorityQueue.
local function entry_less(a, b)
  if a.priority ~= b.priority then return a.priority < b.priority end
  for i = 1, #a.state do
    if a.state[i] ~= b.state[i] then return a.state[i] < b.state[i] end
  end
  return false
end

local function new_heap(less)
  less = less or entry_less
  local heap = {}
  local function push(priority, state)
    heap[#heap + 1] = { priority = priority, state = state }
    local pos = #heap
    while pos > 1 do
      local parent = pos // 2
      if not less(heap[pos], heap[parent]) then break end
      heap[pos], heap[parent] = heap[parent], heap[pos]
      pos = parent
    end
  end
  local function pop()
    local top = heap[1]
    local last = table.remove(heap)
    if #heap > 0 then
      heap[1] = last
      local pos = 1
      while true do
        local smallest, left, right = pos, 2 * pos, 2 * pos + 1
        if left <= #heap and less(heap[left], heap[smallest]) then smallest = left end
        if right <= #heap and less(heap[right], heap[smallest]) then smallest = right end
        if smallest == pos then break end
        heap[pos], heap[smallest] = heap[smallest], heap[pos]
        pos = smallest
      end
    end
    return top.priority, top.state
  end
  return { push = push, pop = pop, empty = function() return #heap == 0 end }
end

-- Only the h values are compared: equal ones pop in whatever order the heap leaves them.
local function h_less(a, b) return a.priority < b.priority end

function greedy(problem)
  local heap = new_heap(h_less)
  return first_seen_search(problem, {
    put = function(state, priority) heap.push(priority, state) end,
    get = function() local _, state = heap.pop(); return state end,
    empty = heap.empty,
  }, function(state) return problem:h(state) end)
end

-- The notebook's astar_search; with h = 0 it is uniform-cost search.
local function cost_search(problem, h)
  local heap = new_heap()
  local start_key = problem:key(problem.start)
  heap.push(0, problem.start)
  local came_from = { [start_key] = {} }
  local cost_so_far = { [start_key] = 0 }
  while not heap.empty() do
    local _, current = heap.pop()
    local current_key = problem:key(current)
    if problem:is_goal(current) then
      return path_from(came_from, current_key), count_keys(came_from)
    end
    for _, child in ipairs(problem:successors(current)) do
      local key = problem:key(child.state)
      local new_cost = cost_so_far[current_key] + child.cost
      if cost_so_far[key] == nil or new_cost < cost_so_far[key] then
        cost_so_far[key] = new_cost
        heap.push(new_cost + h(child.state), child.state)
        came_from[key] = { parent = current_key, move = child.move }
      end
    end
  end
  return nil, count_keys(came_from)
end

function ucs(problem)
  return cost_search(problem, function() return 0 end)
end

function astar(problem)
  return cost_search(problem, function(state) return problem:h(state) end)
end

-- The heuristic the notebook describes: the sum over tiles 1..5 (all tiles, not the blank) of
-- the distance from the tile's cell to its goal cell.
function heuristic(board)
  local total = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local goal = board:goal_cell(tile)
      total = total + math.abs(board:row(cell) - board:row(goal)) +
                      math.abs(board:col(cell) - board:col(goal))
    end
  end
  return total
end
