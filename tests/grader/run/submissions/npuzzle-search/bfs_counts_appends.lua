-- Mistake: counts-pushed. The count goes up on every append to the queue (the start's too), not on
-- every pop.
function bfs(problem)
  local queue, head = { { state = problem.start, path = "" } }, 1
  local appended = 1
  local visited = {}
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, appended end
    visited[problem:key(node.state)] = true
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] then
        queue[#queue + 1] = { state = child.state, path = node.path .. child.move:sub(1, 1) }
        appended = appended + 1
      end
    end
  end
  return nil, appended
end
