-- Mistake: push-order-forward. The children go onto the stack in Up, Down, Left, Right order, so
-- Right comes off first; the handout pushes them in reverse.
function dfs(problem)
  local stack = { { state = problem.start, path = "" } }
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #stack > 0 do
    local node = stack[#stack]
    stack[#stack] = nil
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, c in ipairs(problem:successors(node.state)) do
      local key = problem:key(c.state)
      if not seen[key] then
        seen[key] = true
        stack[#stack + 1] = { state = c.state, path = node.path .. c.move:sub(1, 1) }
      end
    end
  end
  return nil, expanded
end
