-- Correct, unusual style: nodes with a metatable whose __lt compares f alone, pushed with the
-- sandbox's heapq and its default comparison (a < b), as the notebook's State.__lt__ does.
local State = {}
State.__index = State
State.__lt = function(a, b) return a.f < b.f end

local function new_state(state, parent, move, g, h)
  return setmetatable({ state = state, parent = parent, move = move, g = g, f = g + h }, State)
end

function State:path()
  if not self.parent then return {} end
  local moves = self.parent:path()
  moves[#moves + 1] = self.move
  return moves
end

function astar(problem)
  local heap = {}
  heapq.push(heap, new_state(problem.start, nil, nil, 0, problem:h(problem.start)))
  local visited = {}
  local evaluated = 0
  while #heap > 0 do
    local node = heapq.pop(heap)
    evaluated = evaluated + 1
    if problem:is_goal(node.state) then return node:path(), evaluated end
    local key = problem:key(node.state)
    if not visited[key] then
      visited[key] = true
      for _, c in ipairs(problem:successors(node.state)) do
        if not visited[problem:key(c.state)] then
          heapq.push(heap, new_state(c.state, node, c.move, node.g + c.cost, problem:h(c.state)))
        end
      end
    end
  end
  return nil, evaluated
end
