-- Mistake: BFS walks the successor list backwards (Right, Left, Down, Up) when pushing.
function bfs(problem)
  local queue, head, tail = { { state = problem.start, path = {} } }, 1, 1
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while head <= tail do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    local children = problem:successors(node.state)
    for i = #children, 1, -1 do
      local child = children[i]
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        tail = tail + 1
        queue[tail] = { state = child.state, path = path }
      end
    end
  end
  return nil, expanded
end
