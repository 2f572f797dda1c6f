-- Correct, unusual style: a Queue class built with a metatable (0-based head and tail counters)
-- and the successors walked through a coroutine generator.
local Queue = {}
Queue.__index = Queue

function Queue.new() return setmetatable({ first = 0, last = -1, items = {} }, Queue) end
function Queue:push(x) self.last = self.last + 1; self.items[self.last] = x end
function Queue:pop()
  local x = self.items[self.first]
  self.items[self.first] = nil
  self.first = self.first + 1
  return x
end
function Queue:empty() return self.first > self.last end

local function children(problem, state)
  return coroutine.wrap(function()
    for _, s in ipairs(problem:successors(state)) do coroutine.yield(s.move, s.state) end
  end)
end

function bfs(problem)
  local q = Queue.new()
  q:push({ state = problem.start, moves = "" })
  local seen = { [tostring(problem.start)] = true }
  local expanded = 0
  while not q:empty() do
    local node = q:pop()
    if problem:is_goal(node.state) then return node.moves:lower(), expanded end
    expanded = expanded + 1
    for move, state in children(problem, node.state) do
      if not seen[tostring(state)] then
        seen[tostring(state)] = true
        q:push({ state = state, moves = node.moves .. move:sub(1, 1) })
      end
    end
  end
  return nil, expanded
end
