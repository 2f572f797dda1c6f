-- Mistake: duplicates-reopen-if-cheaper. The student keeps the best g found for each state and
-- pushes a child whenever it is new or cheaper, expanding every pop; the notebook skips a popped
-- state already visited.
local function less(a, b) return a.f < b.f end

function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), path = "" }, less)
  local best = { [problem:key(problem.start)] = 0 }
  local steps = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    steps = steps + 1
    if problem:is_goal(node.state) then return node.path, steps end
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      local g = node.g + child.cost
      if best[key] == nil or g < best[key] then
        best[key] = g
        heapq.push(heap, { state = child.state, g = g, f = g + problem:h(child.state),
                           path = node.path .. child.move:sub(1, 1) }, less)
      end
    end
  end
  return nil, steps
end
