-- Mistake: duplicates-visited-on-pop. States are recorded when popped and visited children are not
-- pushed, but a popped state that is already visited is expanded again: the notebook skips it.
local function less(a, b) return a.f < b.f end

function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), path = {} }, less)
  local visited = {}
  local steps = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    steps = steps + 1
    if problem:is_goal(node.state) then return node.path, steps end
    visited[problem:key(node.state)] = true
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] then
        local g = node.g + child.cost
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        heapq.push(heap, { state = child.state, g = g, f = g + problem:h(child.state), path = path }, less)
      end
    end
  end
  return nil, steps
end
