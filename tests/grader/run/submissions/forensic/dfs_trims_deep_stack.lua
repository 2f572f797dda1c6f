-- Mistake: frontier-not-newest-first. Past depth 3 the children go to the BOTTOM of the stack
-- ("so the search does not wander too deep"), so after a deep node the search pops an older
-- board instead of one of the children it has just generated.
function dfs(problem)
  local stack = { { state = problem.start, depth = 0, path = {} } }
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #stack > 0 do
    local node = table.remove(stack)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    local children = problem:successors(node.state)
    for i = #children, 1, -1 do
      local child = children[i]
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        local entry = { state = child.state, depth = node.depth + 1, path = path }
        if node.depth >= 3 then
          table.insert(stack, 1, entry)
        else
          stack[#stack + 1] = entry
        end
      end
    end
  end
  return nil, expanded
end
