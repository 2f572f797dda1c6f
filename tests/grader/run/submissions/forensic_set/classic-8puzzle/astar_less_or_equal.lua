-- Meant: compare (f, move rank) as the handout says, for Python's heapq.
-- Bug: the tie on the rank is compared with `<=`, so the comparison is not a strict order: two
-- entries of equal f and equal rank are each "less" than the other, and heapq moves them where
-- Python's heap (which uses a strict `<`) would leave them.
local rank_of = { Up = 0, Down = 1, Left = 2, Right = 3 }

local function before(a, b)
  if a.f == b.f then return a.rank <= b.rank end
  return a.f < b.f
end

function astar(problem)
  local frontier = {}
  local seen = {}
  local start = problem.start
  seen[problem:key(start)] = true
  heapq.push(frontier, { s = start, g = 0, f = problem:h(start), rank = -1, moves = {} }, before)
  local expanded = 0
  while #frontier > 0 do
    local cur = heapq.pop(frontier, before)
    if problem:is_goal(cur.s) then return cur.moves, expanded end
    expanded = expanded + 1
    for _, nxt in ipairs(problem:successors(cur.s)) do
      local k = problem:key(nxt.state)
      if not seen[k] then
        seen[k] = true
        local moves = {}
        for i = 1, #cur.moves do moves[i] = cur.moves[i] end
        moves[#moves + 1] = nxt.move
        heapq.push(frontier, { s = nxt.state, g = cur.g + 1, f = cur.g + 1 + problem:h(nxt.state),
                               rank = rank_of[nxt.move], moves = moves }, before)
      end
    end
  end
  return nil, expanded
end
