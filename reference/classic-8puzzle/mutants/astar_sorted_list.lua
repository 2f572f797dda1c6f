-- Mistake: A* whose frontier is a list kept sorted by (f, move rank): each child is inserted after
-- every entry that is not larger, and the first entry is taken. Among entries that compare equal
-- that is the order of insertion, oldest first, not where Python's heapq leaves them, which the
-- assignment follows.
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

local function smaller(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end

local function insert_sorted(list, item)
  local at = #list + 1
  for i = 1, #list do
    if smaller(item, list[i]) then
      at = i
      break
    end
  end
  table.insert(list, at, item)
end

local function path_to(node)
  local moves = {}
  while node.parent do
    table.insert(moves, 1, node.move)
    node = node.parent
  end
  return moves
end

function astar(problem)
  local open = { { state = problem.start, g = 0, f = problem:h(problem.start), rank = -1 } }
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #open > 0 do
    local node = table.remove(open, 1)
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local g = node.g + child.cost
        insert_sorted(open, { state = child.state, parent = node, move = child.move, g = g,
                              f = g + problem:h(child.state), rank = RANK[child.move] })
      end
    end
  end
  return nil, expanded
end
