-- Mistake: path-empty-after-goal. The nodes store their parent as `from`, but the path is
-- rebuilt by following `parent`, which no node has: the loop never runs and the path is empty.
function bfs(problem)
  local queue, head = { { state = problem.start } }, 1
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then
      local path = {}
      local at = node
      while at.parent do
        table.insert(path, 1, at.move)
        at = at.parent
      end
      return path, expanded
    end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        queue[#queue + 1] = { state = child.state, from = node, move = child.move }
      end
    end
  end
  return nil, expanded
end
