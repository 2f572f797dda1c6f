-- Mistake: A* with no duplicate detection at all (tree search), like seed 004's hash(object) set.
-- Ties go by move rank, then by heap order, as in the notebook (a port of Python's heapq).
local function less(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end
local function sift_down(heap, start, pos)
  local item = heap[pos]
  while pos > start do
    local parent = (pos - 2) // 2 + 1
    if not less(item, heap[parent]) then break end
    heap[pos] = heap[parent]
    pos = parent
  end
  heap[pos] = item
end
local function sift_up(heap, pos)
  local size, start, item, child = #heap, pos, heap[pos], 2 * pos
  while child <= size do
    if child + 1 <= size and not less(heap[child], heap[child + 1]) then child = child + 1 end
    heap[pos] = heap[child]
    pos = child
    child = 2 * pos
  end
  heap[pos] = item
  sift_down(heap, start, pos)
end
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

function astar(problem)
  local heap = { { state = problem.start, g = 0, f = problem:h(problem.start), rank = -1, path = "" } }
  local expanded = 0
  while #heap > 0 do
    local last = table.remove(heap)
    local node = last
    if #heap > 0 then
      node = heap[1]
      heap[1] = last
      sift_up(heap, 1)
    end
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local g = node.g + child.cost
      heap[#heap + 1] = { state = child.state, g = g, f = g + problem:h(child.state),
                          rank = RANK[child.move], path = node.path .. child.move:sub(1, 1) }
      sift_down(heap, 1, #heap)
    end
  end
  return nil, expanded
end
