-- Correct, in an unusual style: the notebook's BFS with its queue made of two stacks (push onto
-- `inbox`, pop from `outbox`, pouring one into the other when `outbox` is empty), nodes as
-- arrays {state, path}, paths as strings.
function bfs(problem)
  local inbox, outbox = {}, {}
  local function push(x) inbox[#inbox + 1] = x end
  local function pop()
    if #outbox == 0 then
      while #inbox > 0 do outbox[#outbox + 1] = table.remove(inbox) end
    end
    return table.remove(outbox)
  end
  push({ problem.start, "" })
  local visited, steps = {}, 0
  while #inbox + #outbox > 0 do
    local node = pop()
    steps = steps + 1
    if problem:is_goal(node[1]) then return node[2], steps end
    visited[problem:key(node[1])] = true
    for _, c in ipairs(problem:successors(node[1])) do
      if not visited[problem:key(c.state)] then push({ c.state, node[2] .. c.move:sub(1, 1) }) end
    end
  end
  return nil, steps
end
