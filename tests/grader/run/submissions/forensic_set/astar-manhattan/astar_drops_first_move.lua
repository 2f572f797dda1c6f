-- Meant: rebuild the path from the parents, from the goal back to the start, then drop the start
-- "because the start is not a move".
-- Bug: the list holds only moves (the start was never put in it), so table.remove(path, 1) drops
-- the FIRST MOVE: the path returned starts one move late.
function astar(problem)
  local function less(a, b) return a.f < b.f end
  local heap = {}
  local start_key = problem:key(problem.start)
  local parent = { [start_key] = false }
  local best_g = { [start_key] = 0 }
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start) }, less)
  local closed = {}
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    local key = problem:key(node.state)
    if problem:is_goal(node.state) then
      local path = {}
      while parent[key] do
        table.insert(path, 1, parent[key].move)
        key = parent[key].key
      end
      table.remove(path, 1)
      return path
    end
    if not closed[key] then
      closed[key] = true
      for _, child in ipairs(problem:successors(node.state)) do
        local ck = problem:key(child.state)
        local g = node.g + 1
        if not closed[ck] and (best_g[ck] == nil or g < best_g[ck]) then
          best_g[ck] = g
          parent[ck] = { key = key, move = child.move }
          heapq.push(heap, { state = child.state, g = g, f = g + problem:h(child.state) }, less)
        end
      end
    end
  end
  return nil
end
