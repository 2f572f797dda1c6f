-- Mistake: goal-test-on-pop. The assignment (AIMA's breadth-first graph search) tests each new
-- child when it is generated; this BFS tests a node only when it is popped.
function bfs(problem)
  local queue, head = { { state = problem.start, path = "" } }, 1
  local reached = { [problem:key(problem.start)] = true }
  local expanded = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, c in ipairs(problem:successors(node.state)) do
      local key = problem:key(c.state)
      if not reached[key] then
        reached[key] = true
        queue[#queue + 1] = { state = c.state, path = node.path .. c.move:sub(1, 1) }
      end
    end
  end
  return nil, expanded
end
