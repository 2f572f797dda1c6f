-- Correct, unusual style: a PriorityQueue class (metatable) keeping entries sorted by
-- (priority, tiles) with a binary search, taken from the front; 0-based offsets inside. No two
-- entries ever compare equal here, so any correct priority queue pops the notebook's order.
local PriorityQueue = {}
PriorityQueue.__index = PriorityQueue

local function before(a, b)
  if a.priority ~= b.priority then return a.priority < b.priority end
  for i = 1, #a.state do
    if a.state[i] ~= b.state[i] then return a.state[i] < b.state[i] end
  end
  return false
end

function PriorityQueue.new() return setmetatable({ items = {}, head = 0 }, PriorityQueue) end
function PriorityQueue:size() return #self.items - self.head end
function PriorityQueue:put(entry)
  local lo, hi = self.head, #self.items  -- 0-based: items[lo + 1 .. hi] are queued
  while lo < hi do
    local mid = (lo + hi) // 2
    if before(entry, self.items[mid + 1]) then hi = mid else lo = mid + 1 end
  end
  table.insert(self.items, lo + 1, entry)
end
function PriorityQueue:get()
  self.head = self.head + 1
  return self.items[self.head]
end

function astar(problem)
  local queue = PriorityQueue.new()
  local start = problem:key(problem.start)
  queue:put({ priority = 0, state = problem.start })
  local came_from, cost_so_far, reached = { [start] = false }, { [start] = 0 }, 1
  while queue:size() > 0 do
    local current = queue:get().state
    local key = problem:key(current)
    if problem:is_goal(current) then
      local path = ""
      while came_from[key] do
        path = came_from[key].move:sub(1, 1) .. path
        key = came_from[key].parent
      end
      return path, reached
    end
    for _, child in ipairs(problem:successors(current)) do
      local child_key = problem:key(child.state)
      local cost = cost_so_far[key] + child.cost
      if cost_so_far[child_key] == nil or cost < cost_so_far[child_key] then
        if came_from[child_key] == nil then reached = reached + 1 end
        cost_so_far[child_key] = cost
        came_from[child_key] = { parent = key, move = child.move }
        queue:put({ priority = cost + problem:h(child.state), state = child.state })
      end
    end
  end
  return nil, reached
end
