-- Meant: order the heap by f, and among equal f prefer the smaller h (closer to the goal).
-- Bug: the comparison is written `a.f < b.f or a.h < b.h`, which is not lexicographic: an entry
-- with a larger f but a smaller h counts as "less", so the heap does not pop the least f and
-- the path found can be longer than the shortest.
local function less(a, b)
  return a.f < b.f or a.h < b.h
end

function astar(problem, h)
  local open = {}
  local hs = h(problem.start)
  heapq.push(open, { state = problem.start, g = 0, h = hs, f = hs, path = {} }, less)
  local closed = {}
  local expanded = 0
  while #open > 0 do
    local node = heapq.pop(open, less)
    local key = problem:key(node.state)
    if problem:is_goal(node.state) then return node.path, expanded end
    if not closed[key] then
      closed[key] = true
      expanded = expanded + 1
      for _, c in ipairs(problem:successors(node.state)) do
        if not closed[problem:key(c.state)] then
          local ch = h(c.state)
          local path = { table.unpack(node.path) }
          path[#path + 1] = c.move
          heapq.push(open, { state = c.state, g = node.g + 1, h = ch, f = node.g + 1 + ch,
                             path = path }, less)
        end
      end
    end
  end
  return nil, expanded
end
