-- Mistake: cost-tile. The student read "the cost of a move" as the number on the tile that
-- slides (the blank's new cell holds it in the parent); every move costs 1 here.
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

local function less(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end

local function blank(s)
  for i = 1, 9 do if s[i] == 0 then return i end end
end

function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), rank = -1, path = {} }, less)
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local tile = node.state[blank(child.state)]
        local g = node.g + tile
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        heapq.push(heap, { state = child.state, g = g, f = g + problem:h(child.state),
                           rank = RANK[child.move], path = path }, less)
      end
    end
  end
  return nil, expanded
end
