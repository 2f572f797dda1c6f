-- Mistake: priority-g-only. The estimate is computed but never added: f is the cost so far.
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

local function less(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
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
  local heap = {}
  local h0 = problem:h(problem.start)
  heapq.push(heap, { state = problem.start, g = 0, f = 0, rank = -1 }, less)
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local g = node.g + child.cost
        local h = problem:h(child.state)
        heapq.push(heap, { state = child.state, parent = node, move = child.move, g = g,
                           f = g, rank = RANK[child.move] }, less)
      end
    end
  end
  return nil, expanded
end
