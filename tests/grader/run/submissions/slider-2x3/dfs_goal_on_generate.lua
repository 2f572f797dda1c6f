-- Mistake: goal-test-on-generate. Each new child is compared with the goal before it goes on the
-- stack; the lab tests a state when it is popped. The count is the lab's: every state reached.
function dfs(problem)
  if problem:is_goal(problem.start) then return {}, 1 end
  local stack = { { state = problem.start, path = {} } }
  local came_from = { [problem:key(problem.start)] = true }
  local reached = 1
  while #stack > 0 do
    local node = table.remove(stack)
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not came_from[key] then
        came_from[key] = true
        reached = reached + 1
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        if problem:is_goal(child.state) then return path, reached end
        stack[#stack + 1] = { state = child.state, path = path }
      end
    end
  end
  return nil, reached
end
