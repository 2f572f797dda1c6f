-- Mistake: BFS counts every pop, the goal pop included (the notebook counts expansions only).
function bfs(problem)
  local queue, head, tail = { { state = problem.start, path = "" } }, 1, 1
  local marked = { [problem:key(problem.start)] = true }
  local pops = 0
  while head <= tail do
    local node = queue[head]
    head = head + 1
    pops = pops + 1
    if problem:is_goal(node.state) then return node.path, pops end
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        tail = tail + 1
        queue[tail] = { state = child.state, path = node.path .. child.move:sub(1, 1) }
      end
    end
  end
  return nil, pops
end
