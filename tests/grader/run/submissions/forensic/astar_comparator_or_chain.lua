-- Broken comparator, not lexicographic: it prefers the smaller f OR the earlier move, so a node
-- with a larger f can win on its move alone. On one hidden test of classic-8puzzle two mistakes
-- together (g + 2h with another action order) happen to reproduce the run; the other tests refute
-- them, so they must never be named.
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }
local function better(a, b)
  return a.f < b.f or a.rank < b.rank
end
function astar(problem)
  local open = { { state = problem.start, g = 0, h = problem:h(problem.start), rank = -1, order = 0, path = {}, pf = 0 } }
  open[1].f = open[1].g + open[1].h
  local closed = {}
  local expanded, pushed = 0, 0
  while #open > 0 do
    local at = 1
    for i = 2, #open do
      if better(open[i], open[at]) then at = i end
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
          local g = node.g + child.cost
          local h = problem:h(child.state)
          local path = { table.unpack(node.path) }
          path[#path + 1] = child.move
          open[#open + 1] = { state = child.state, g = g, h = h, f = g + h, rank = RANK[child.move],
                              order = pushed, path = path, pf = node.f }
        end
      end
    end
  end
  return nil, expanded
end

