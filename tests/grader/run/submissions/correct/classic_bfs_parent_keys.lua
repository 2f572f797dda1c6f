-- Correct: classic-8puzzle's BFS with a queue that is a plain list taken from its front with
-- table.remove(queue, 1), and the path rebuilt from a table of parents keyed by problem:key.
function bfs(problem)
  local queue = { problem.start }
  local parents = { [problem:key(problem.start)] = { key = nil } }
  local expanded = 0
  while #queue > 0 do
    local state = table.remove(queue, 1)
    local key = problem:key(state)
    if problem:is_goal(state) then
      local path = {}
      while parents[key].key do
        table.insert(path, 1, parents[key].move)
        key = parents[key].key
      end
      return path, expanded
    end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(state)) do
      local child_key = problem:key(child.state)
      if not parents[child_key] then
        parents[child_key] = { key = key, move = child.move }
        table.insert(queue, child.state)
      end
    end
  end
  return nil, expanded
end
