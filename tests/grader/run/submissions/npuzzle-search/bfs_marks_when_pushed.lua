-- Mistake: duplicates-on-push. The textbook BFS: a state is marked when first pushed and never
-- pushed again. The notebook records states when they are popped, so its frontier can hold a
-- state twice.
function bfs(problem)
  local queue, head = { { state = problem.start, path = {} } }, 1
  local seen = { [problem:key(problem.start)] = true }
  local steps = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    steps = steps + 1
    if problem:is_goal(node.state) then return node.path, steps end
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        queue[#queue + 1] = { state = child.state, path = path }
      end
    end
  end
  return nil, steps
end
