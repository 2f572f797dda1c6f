-- Meant: the notebook's BFS; to save time the goal test is done on each successor before it is
-- pushed.
-- Bug: the goal is tested when a board is generated, not when it is popped, and the start is
-- never tested at all.
function breadth_first_search(problem)
  local queue = { { problem.start, "" } }
  local seen = {}
  local i = 1
  while queue[i] do
    local state, path = queue[i][1], queue[i][2]
    i = i + 1
    local key = problem:key(state)
    if not seen[key] then
      seen[key] = true
      for _, succ in ipairs(problem:successors(state)) do
        local p = path .. succ.move:sub(1, 1)
        if problem:is_goal(succ.state) then return p end
        queue[#queue + 1] = { succ.state, p }
      end
    end
  end
  return nil
end
