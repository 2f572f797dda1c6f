-- Mistake: duplicates-closed-on-pop. The textbook graph search: a state is closed when popped, a
-- popped state already closed is skipped, closed children are not pushed; the lab marks a state
-- when it is first pushed. The count is the lab's: every state reached, the start included.
function dfs(problem)
  local stack = { { state = problem.start, path = "" } }
  local closed, reached = {}, { [problem:key(problem.start)] = true }
  local count = 1
  while #stack > 0 do
    local node = table.remove(stack)
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      if problem:is_goal(node.state) then return node.path, count end
      for _, child in ipairs(problem:successors(node.state)) do
        local child_key = problem:key(child.state)
        if not closed[child_key] then
          if not reached[child_key] then
            reached[child_key] = true
            count = count + 1
          end
          stack[#stack + 1] = { state = child.state, path = node.path .. child.move:sub(1, 1) }
        end
      end
    end
  end
  return nil, count
end
