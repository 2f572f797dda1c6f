-- Meant: push every child with f = g + h of the child.
-- Bug: the h in the child's f is computed on the wrong variable, `node.state` (the parent)
-- instead of `child.state`, so each child is keyed by its own g plus its PARENT's estimate.
local ORDER = { Up = 1, Down = 2, Left = 3, Right = 4 }

function astar(problem)
  local function less(a, b)
    if a.f ~= b.f then return a.f < b.f end
    return a.order < b.order
  end
  local open = {}
  heapq.push(open, { state = problem.start, g = 0, f = problem:h(problem.start), order = 0,
                     path = "" }, less)
  local closed = {}
  closed[problem:key(problem.start)] = true
  local expanded = 0
  while #open > 0 do
    local node = heapq.pop(open, less)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not closed[key] then
        closed[key] = true
        local g = node.g + 1
        heapq.push(open, { state = child.state, g = g, f = g + problem:h(node.state),
                           order = ORDER[child.move], path = node.path .. child.move:sub(1, 1) },
                   less)
      end
    end
  end
  return nil, expanded
end
