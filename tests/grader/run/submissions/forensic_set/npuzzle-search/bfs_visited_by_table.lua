-- Meant: the notebook's BFS with a `visited` set.
-- Bug: the set is keyed by the state tables themselves (visited[state] = true); every child is a
-- fresh table, so no child is ever found in it and every child is appended (a tree search).
function bfs(problem)
  local queue = { { s = problem.start, p = "" } }
  local visited = {}
  local steps = 0
  local head, tail = 1, 1
  while head <= tail do
    local node = queue[head]
    queue[head] = nil
    head = head + 1
    steps = steps + 1
    if problem:is_goal(node.s) then return node.p, steps end
    visited[node.s] = true
    for _, c in ipairs(problem:successors(node.s)) do
      if not visited[c.state] then
        tail = tail + 1
        queue[tail] = { s = c.state, p = node.p .. c.move:sub(1, 1) }
      end
    end
  end
  return nil, steps
end
