-- Mistake: count-equals-key-calls. The count is kept inside the helper that names states, so it
-- counts every state named (the start and every child), not the nodes expanded.
function bfs(problem)
  local count = 0
  local function name(state)
    count = count + 1
    return problem:key(state)
  end
  local queue, head = { { state = problem.start, path = "" } }, 1
  local seen = { [name(problem.start)] = true }
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, count end
    for _, child in ipairs(problem:successors(node.state)) do
      local key = name(child.state)
      if not seen[key] then
        seen[key] = true
        queue[#queue + 1] = { state = child.state, path = node.path .. child.move:sub(1, 1) }
      end
    end
  end
  return nil, count
end
