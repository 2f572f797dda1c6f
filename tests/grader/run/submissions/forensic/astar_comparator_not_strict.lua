-- Mistake: frontier-not-least-f. A broken comparator: ties are broken by `<=` on the insertion
-- order, so the newest of equal f wins, and f compares g + h of the parent, not of the child: a
-- child of a promising parent is expanded while a board of lower f waits. It is no path or count
-- invariant.
function astar(problem, h)
  local open = { { state = problem.start, g = 0, f = h(problem.start), path = "", order = 0 } }
  local closed = {}
  local pushed, expanded = 0, 0
  while #open > 0 do
    local at = 1
    for i = 2, #open do
      local a, b = open[i], open[at]
      if a.f < b.f or (a.f == b.f and a.order >= b.order) then at = i end
    end
    local node = table.remove(open, at)
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      if problem:is_goal(node.state) then return node.path, expanded end
      expanded = expanded + 1
      for _, child in ipairs(problem:successors(node.state)) do
        if not closed[problem:key(child.state)] then
          pushed = pushed + 1
          open[#open + 1] = { state = child.state, g = node.g + child.cost,
                              f = node.f + child.cost, path = node.path .. child.move:sub(1, 1),
                              order = pushed }
        end
      end
    end
  end
  return nil, expanded
end
