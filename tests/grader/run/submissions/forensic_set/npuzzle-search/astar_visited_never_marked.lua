-- Meant: the notebook's A*: skip a popped state already in visited, add it otherwise, push the
-- children not in visited.
-- Bug: the line that adds the state to `visited` was left out; the table is consulted twice but
-- never written, so nothing is ever skipped (a tree search).
local function less(a, b) return a.f < b.f end

function astar(problem)
  local heap, visited, steps = {}, {}, 0
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), path = {} }, less)
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    steps = steps + 1
    if problem:is_goal(node.state) then return node.path, steps end
    if not visited[problem:key(node.state)] then
      for _, child in ipairs(problem:successors(node.state)) do
        if not visited[problem:key(child.state)] then
          local path = {}
          for i, m in ipairs(node.path) do path[i] = m end
          path[#path + 1] = child.move
          heapq.push(heap, { state = child.state, g = node.g + 1,
                             f = node.g + 1 + problem:h(child.state), path = path }, less)
        end
      end
    end
  end
  return nil, steps
end
