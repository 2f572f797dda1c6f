-- Mistake: board-expanded-again. The closed set remembers each board's g, and a popped board is
-- skipped only when it was closed with a SMALLER g ("it might be a better path"): a board pushed
-- twice with the same g is expanded twice.
local function before(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end

local RANK = { Up = 1, Down = 2, Left = 3, Right = 4 }

function astar(problem)
  local open = {}
  heapq.push(open, { state = problem.start, g = 0, f = problem:h(problem.start), path = "",
                     rank = 0 }, before)
  local closed = {}
  local expanded = 0
  while #open > 0 do
    local node = heapq.pop(open, before)
    local key = problem:key(node.state)
    if closed[key] == nil or node.g < closed[key] then
      closed[key] = node.g
      if problem:is_goal(node.state) then return node.path, expanded end
      expanded = expanded + 1
      for _, child in ipairs(problem:successors(node.state)) do
        if closed[problem:key(child.state)] == nil then
          local g = node.g + child.cost
          heapq.push(open, { state = child.state, g = g, f = g + problem:h(child.state),
                             path = node.path .. child.move:sub(1, 1), rank = RANK[child.move] },
                     before)
        end
      end
    end
  end
  return nil, expanded
end
