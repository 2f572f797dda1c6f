-- Meant: a binary heap of my own, compared by f only like the notebook's State.__lt__.
-- Bug: after a pop, the hole is sifted down by comparing with the LEFT child only; a smaller
-- right child is never looked at, so the root is not always the least f and nodes are popped
-- while a node of smaller f is still waiting.
local Heap = {}
Heap.__index = Heap

function Heap.new() return setmetatable({ n = 0 }, Heap) end

function Heap:push(item)
  self.n = self.n + 1
  local i = self.n
  self[i] = item
  while i > 1 and self[i].f < self[i // 2].f do
    self[i], self[i // 2] = self[i // 2], self[i]
    i = i // 2
  end
end

function Heap:pop()
  local top = self[1]
  self[1] = self[self.n]
  self[self.n] = nil
  self.n = self.n - 1
  local i = 1
  while 2 * i <= self.n and self[2 * i].f < self[i].f do
    self[i], self[2 * i] = self[2 * i], self[i]
    i = 2 * i
  end
  return top
end

function astar(problem)
  local open = Heap.new()
  open:push({ state = problem.start, g = 0, f = problem:h(problem.start), path = "" })
  local visited = {}
  local steps = 0
  while open.n > 0 do
    local node = open:pop()
    steps = steps + 1
    if problem:is_goal(node.state) then return node.path, steps end
    local key = problem:key(node.state)
    if not visited[key] then
      visited[key] = true
      for _, child in ipairs(problem:successors(node.state)) do
        if not visited[problem:key(child.state)] then
          local g = node.g + 1
          open:push({ state = child.state, g = g, f = g + problem:h(child.state),
                      path = node.path .. child.move:sub(1, 1) })
        end
      end
    end
  end
  return nil, steps
end
