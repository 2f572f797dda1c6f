-- Correct, unusual style: the notebook's stack DFS (a popped state already seen is skipped,
-- children pushed Up, Down, Left, Right so Right pops first) written as a recursion that visits
-- the children from the last to the first.
function depth_first_search(problem)
  local seen = {}
  local function visit(state, path)
    local key = problem:key(state)
    if seen[key] then return nil end
    seen[key] = true
    if problem:is_goal(state) then return path end
    local children = problem:successors(state)
    for i = #children, 1, -1 do
      local found = visit(children[i].state, path .. children[i].move:sub(1, 1))
      if found then return found end
    end
    return nil
  end
  return visit(problem.start, "")
end
