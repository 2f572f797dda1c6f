-- Two mistakes: goal-test-on-generate and no-duplicate-detection. A breadth-first search that
-- tests each child as it is generated and keeps no record of the states it has seen.
function bfs(problem)
  if problem:is_goal(problem.start) then return {}, 0 end
  local queue, head = { { state = problem.start, path = {} } }, 1
  local expanded = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    expanded = expanded + 1
    for _, c in ipairs(problem:successors(node.state)) do
      local path = { table.unpack(node.path) }
      path[#path + 1] = c.move
      if problem:is_goal(c.state) then return path, expanded end
      queue[#queue + 1] = { state = c.state, path = path }
    end
  end
  return nil, expanded
end
