-- Meant: A*, priority f = g + h.
-- Bug: the child's g is copied from the parent (`g = node.g`) and the move's cost is never added,
-- so every g stays 0 and the queue is keyed by h alone (greedy best-first search): the path is
-- not always the shortest.
local Node = {}
Node.__index = Node
Node.__lt = function(a, b) return a.f < b.f end

local function node(state, g, h, moves)
  return setmetatable({ state = state, g = g, f = g + h, moves = moves }, Node)
end

function astar(problem)
  local open = { node(problem.start, 0, problem:h(problem.start), {}) }
  local closed = {}
  while #open > 0 do
    table.sort(open, function(a, b) return b < a end)
    local cur = table.remove(open)
    if problem:is_goal(cur.state) then return cur.moves end
    local key = problem:key(cur.state)
    if not closed[key] then
      closed[key] = true
      for _, c in ipairs(problem:successors(cur.state)) do
        if not closed[problem:key(c.state)] then
          local moves = { table.unpack(cur.moves) }
          moves[#moves + 1] = c.move
          local g = cur.g
          open[#open + 1] = node(c.state, g, problem:h(c.state), moves)
        end
      end
    end
  end
  return nil
end
