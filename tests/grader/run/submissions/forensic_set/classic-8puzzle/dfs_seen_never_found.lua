-- Meant: depth-first search marking every state when it is first pushed.
-- Bug: states are marked under problem:key(state) but looked up by the state table itself
-- (seen[child.state]); every child is a fresh table, so the lookup never finds anything and the
-- search pushes every child: the visited table is consulted but, for what it is asked, never
-- updated.
function dfs(problem)
  local seen = {}
  seen[problem:key(problem.start)] = true
  local stack = { { s = problem.start, moves = "" } }
  local n = 0
  while #stack > 0 do
    local top = stack[#stack]
    stack[#stack] = nil
    if problem:is_goal(top.s) then return top.moves, n end
    n = n + 1
    local succ = problem:successors(top.s)
    for i = #succ, 1, -1 do
      if not seen[succ[i].state] then
        seen[problem:key(succ[i].state)] = true
        stack[#stack + 1] = { s = succ[i].state, moves = top.moves .. succ[i].move:sub(1, 1) }
      end
    end
  end
  return nil, n
end
