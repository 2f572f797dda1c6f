-- Meant: A* with f = g + h, g the number of moves from the start.
-- Bug: g is one variable shared by the whole search (an upvalue, not a field of the node), raised
-- by one at every expansion, so a child's "g" is the number of expansions so far, not its own
-- depth: children are keyed by a value that belongs to no node.
local function less(a, b) return a.f < b.f end

function astar(problem)
  local heap = {}
  local g = 0
  heapq.push(heap, { state = problem.start, f = problem:h(problem.start), moves = "" }, less)
  local visited = {}
  local steps = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    steps = steps + 1
    if problem:is_goal(node.state) then return node.moves, steps end
    local key = problem:key(node.state)
    if not visited[key] then
      visited[key] = true
      g = g + 1
      for _, child in ipairs(problem:successors(node.state)) do
        if not visited[problem:key(child.state)] then
          heapq.push(heap, { state = child.state, f = g + problem:h(child.state),
                             moves = node.moves .. child.move:sub(1, 1) }, less)
        end
      end
    end
  end
  return nil, steps
end
