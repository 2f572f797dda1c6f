-- Mistake: no-duplicate-detection. "A* does not need a visited set, the heuristic guides it":
-- every child is pushed, states already seen included.
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

local function less(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end

function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), rank = -1, path = "" }, less)
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local g = node.g + child.cost
      heapq.push(heap, { state = child.state, g = g, f = g + problem:h(child.state),
                         rank = RANK[child.move], path = node.path .. child.move:sub(1, 1) }, less)
    end
  end
  return nil, expanded
end
