-- Mistake: ties-in-insertion-order. The student skipped heapq and kept the frontier as a list
-- sorted by (f, move rank), inserting each node after the ones that compare equal; nodes still
-- tied then come out oldest first, where the handout's heapq leaves them in its own order.
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

local function insert(list, node)
  local at = #list + 1
  for i, other in ipairs(list) do
    if node.f < other.f or (node.f == other.f and node.rank < other.rank) then
      at = i
      break
    end
  end
  table.insert(list, at, node)
end

function astar(problem)
  local open = { { state = problem.start, g = 0, f = problem:h(problem.start), rank = -1, path = {} } }
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #open > 0 do
    local node = table.remove(open, 1)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local g = node.g + child.cost
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        insert(open, { state = child.state, g = g, f = g + problem:h(child.state),
                       rank = RANK[child.move], path = path })
      end
    end
  end
  return nil, expanded
end
