-- Meant: the notebook's DFS: pop, skip a state seen before, mark it, goal test, push every
-- successor in Up, Down, Left, Right order.
-- Bug: the state is marked as seen[tostring(state)] but looked up as seen[problem:key(state)]:
-- two different names for the same board, so the lookup never finds it and no pop is ever
-- skipped (the visited set is written but, for what it is asked, never updated).
function depth_first_search(problem)
  local seen = {}
  local stack = { { state = problem.start, path = "" } }
  while #stack > 0 do
    local node = table.remove(stack)
    if not seen[problem:key(node.state)] then
      seen[tostring(node.state)] = true
      if problem:is_goal(node.state) then return node.path end
      for _, s in ipairs(problem:successors(node.state)) do
        table.insert(stack, { state = s.state, path = node.path .. string.sub(s.move, 1, 1) })
      end
    end
  end
  return nil
end
