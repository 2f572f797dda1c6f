-- Mistake: board-expanded-again. "To save memory" the seen set is emptied whenever it holds 500
-- boards: boards the search has already expanded are then pushed and expanded again.
function bfs(problem)
  local queue, head = { { state = problem.start, path = "" } }, 1
  local seen, size = { [problem:key(problem.start)] = true }, 1
  local expanded = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        size = size + 1
        queue[#queue + 1] = { state = child.state, path = node.path .. child.move:sub(1, 1) }
      end
    end
    if size >= 500 then seen, size = {}, 0 end
  end
  return nil, expanded
end
