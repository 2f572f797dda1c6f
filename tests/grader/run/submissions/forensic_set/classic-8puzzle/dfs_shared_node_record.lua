-- Meant: depth-first search with a stack of node records {state, path}, children pushed in
-- reverse so that Up pops first.
-- Bug: to "save memory" one record `child_node` is made before the loop and filled in for every
-- child, so every entry pushed is the same table: the stack holds many copies of whichever child
-- was written last, and the other children are lost.
function dfs(problem)
  local stack = { { state = problem.start, path = {} } }
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  local child_node = {}
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
        local path = {}
        for j, m in ipairs(node.path) do path[j] = m end
        path[#path + 1] = child.move
        child_node.state = child.state
        child_node.path = path
        stack[#stack + 1] = child_node
      end
    end
  end
  return nil, expanded
end
