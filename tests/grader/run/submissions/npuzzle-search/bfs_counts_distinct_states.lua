-- Mistake: counts-discovered. "Nodes" read as the distinct states the search has reached, the
-- start included, not the pops.
function bfs(problem)
  local queue, head = { { state = problem.start, path = "" } }, 1
  local visited, reached = {}, { [problem:key(problem.start)] = true }
  local distinct = 1
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, distinct end
    visited[problem:key(node.state)] = true
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not visited[key] then
        if not reached[key] then
          reached[key] = true
          distinct = distinct + 1
        end
        queue[#queue + 1] = { state = child.state, path = node.path .. child.move:sub(1, 1) }
      end
    end
  end
  return nil, distinct
end
