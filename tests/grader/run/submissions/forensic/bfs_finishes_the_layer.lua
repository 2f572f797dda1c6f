-- Mistake: goal-tested-not-stopped. The goal is remembered when it is popped, but the search
-- "finishes the layer to be sure": it expands the goal itself and the rest of its depth before
-- it returns.
function bfs(problem)
  local queue = { { state = problem.start, depth = 0, path = "" } }
  local head = 1
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  local found = nil
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if found and node.depth > found.depth then break end
    if problem:is_goal(node.state) and not found then found = node end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        queue[#queue + 1] = { state = child.state, depth = node.depth + 1,
                              path = node.path .. child.move:sub(1, 1) }
      end
    end
  end
  if found then return found.path, expanded end
  return nil, expanded
end
