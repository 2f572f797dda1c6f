-- Mistake: counts-expanded. Only the pops that generate successors are counted; the notebook
-- counts every pop, skipped ones and the goal included.
local function less(a, b) return a.f < b.f end

function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), path = "" }, less)
  local visited = {}
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    if problem:is_goal(node.state) then return node.path, expanded end
    local key = problem:key(node.state)
    if not visited[key] then
      visited[key] = true
      expanded = expanded + 1
      for _, child in ipairs(problem:successors(node.state)) do
        if not visited[problem:key(child.state)] then
          local g = node.g + child.cost
          heapq.push(heap, { state = child.state, g = g, f = g + problem:h(child.state),
                             path = node.path .. child.move:sub(1, 1) }, less)
        end
      end
    end
  end
  return nil, expanded
end
