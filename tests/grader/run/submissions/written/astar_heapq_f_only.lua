-- Mistake: ties-in-heap-order. The sandbox's heapq comparing f alone: equal f fall where the heap
-- leaves them, while this assignment takes the oldest first.
local function by_f(a, b) return a.f < b.f end

function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), path = {} }, by_f)
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, by_f)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local g = node.g + child.cost
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        heapq.push(heap, { state = child.state, g = g, f = g + problem:h(child.state), path = path }, by_f)
      end
    end
  end
  return nil, expanded
end
