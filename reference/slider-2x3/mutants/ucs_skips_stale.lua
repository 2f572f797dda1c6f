-- Mistake: UCS with a closed set (the textbook graph search): a state popped a second time, a
-- stale entry left behind when a cheaper path was found, is skipped. The notebook never skips
-- stale entries: it expands them again (with the best cost known).

local function entry_less(a, b)
  if a.priority ~= b.priority then return a.priority < b.priority end
  for i = 1, #a.state do
    if a.state[i] ~= b.state[i] then return a.state[i] < b.state[i] end
  end
  return false
end

local function push(heap, priority, state)
  heap[#heap + 1] = { priority = priority, state = state }
  local pos = #heap
  while pos > 1 and entry_less(heap[pos], heap[pos // 2]) do
    heap[pos], heap[pos // 2] = heap[pos // 2], heap[pos]
    pos = pos // 2
  end
end

local function pop(heap)
  local top, last = heap[1], table.remove(heap)
  if #heap > 0 then
    heap[1] = last
    local pos = 1
    while true do
      local smallest, left, right = pos, 2 * pos, 2 * pos + 1
      if left <= #heap and entry_less(heap[left], heap[smallest]) then smallest = left end
      if right <= #heap and entry_less(heap[right], heap[smallest]) then smallest = right end
      if smallest == pos then break end
      heap[pos], heap[smallest] = heap[smallest], heap[pos]
      pos = smallest
    end
  end
  return top.state
end

local function path_from(came_from, key)
  local moves = {}
  while came_from[key].parent do
    table.insert(moves, 1, came_from[key].move)
    key = came_from[key].parent
  end
  return moves
end

local function size(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  return n
end

function ucs(problem)
  local heap = {}
  local start_key = problem:key(problem.start)
  push(heap, 0, problem.start)
  local came_from, cost_so_far = { [start_key] = {} }, { [start_key] = 0 }
  local closed = {}
  while #heap > 0 do
    local current = pop(heap)
    local current_key = problem:key(current)
    if closed[current_key] then goto continue end
    closed[current_key] = true
    if problem:is_goal(current) then return path_from(came_from, current_key), size(came_from) end
    for _, child in ipairs(problem:successors(current)) do
      local key = problem:key(child.state)
      local new_cost = cost_so_far[current_key] + child.cost
      if cost_so_far[key] == nil or new_cost < cost_so_far[key] then
        cost_so_far[key] = new_cost
        push(heap, new_cost + 0, child.state)
        came_from[key] = { parent = current_key, move = child.move }
      end
    end
    ::continue::
  end
  return nil, size(came_from)
end
