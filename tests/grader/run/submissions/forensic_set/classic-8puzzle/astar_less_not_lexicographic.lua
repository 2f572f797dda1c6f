-- Meant: order the heap by f, and among equal f by the move's rank (Up < Down < Left < Right).
-- Bug: the comparison is `a.f < b.f or a.rank < b.rank`, which is not lexicographic: an entry
-- with a LARGER f still counts as smaller when its rank is smaller, so the heap's order is not
-- a strict order by (f, rank) and the least f does not always pop first.
local RANK = { Up = 1, Down = 2, Left = 3, Right = 4 }

local function less(a, b)
  return a.f < b.f or a.rank < b.rank
end

function astar(problem)
  local heap = {}
  local start = problem.start
  heapq.push(heap, { state = start, g = 0, f = problem:h(start), rank = 0, path = {} }, less)
  local marked = { [problem:key(start)] = true }
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, c in ipairs(problem:successors(node.state)) do
      local k = problem:key(c.state)
      if not marked[k] then
        marked[k] = true
        local path = { table.unpack(node.path) }
        table.insert(path, c.move)
        local g = node.g + c.cost
        heapq.push(heap, { state = c.state, g = g, f = g + problem:h(c.state),
                           rank = RANK[c.move], path = path }, less)
      end
    end
  end
  return nil, expanded
end
