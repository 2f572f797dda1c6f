-- Mistake: BFS tests for the goal when a child is generated instead of when it is popped.
-- Only bfs is submitted (the other tasks score 0 with "defines no function").
function bfs(problem)
  local function path_to(node)
    local moves = {}
    while node.parent do table.insert(moves, 1, node.move); node = node.parent end
    return moves
  end
  if problem:is_goal(problem.start) then return {}, 0 end
  local queue, head, tail = { { state = problem.start } }, 1, 1
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while head <= tail do
    local node = queue[head]
    head = head + 1
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local next_node = { state = child.state, parent = node, move = child.move }
        if problem:is_goal(child.state) then return path_to(next_node), expanded end
        tail = tail + 1
        queue[tail] = next_node
      end
    end
  end
  return nil, expanded
end
