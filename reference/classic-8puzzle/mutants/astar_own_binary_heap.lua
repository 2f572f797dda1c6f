-- Mistake: A* with a binary heap written by hand as the textbook has it (CLRS: insert sifts the new
-- entry up while it is smaller than its parent; extract-min moves the last entry to the root and
-- sinks it while a child is smaller), comparing (f, move rank) as the assignment asks. Every heap
-- pops the smallest entry, but entries that compare equal come out in the heap's own order, and
-- this is not the order of Python's heapq, which the assignment follows.
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }

local function smaller(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end

local function heap_insert(heap, item)
  heap[#heap + 1] = item
  local i = #heap
  while i > 1 and smaller(heap[i], heap[i // 2]) do
    heap[i], heap[i // 2] = heap[i // 2], heap[i]
    i = i // 2
  end
end

local function min_heapify(heap, i)
  local l, r, smallest = 2 * i, 2 * i + 1, i
  if l <= #heap and smaller(heap[l], heap[smallest]) then smallest = l end
  if r <= #heap and smaller(heap[r], heap[smallest]) then smallest = r end
  if smallest ~= i then
    heap[i], heap[smallest] = heap[smallest], heap[i]
    min_heapify(heap, smallest)
  end
end

local function heap_extract_min(heap)
  local min = heap[1]
  heap[1] = heap[#heap]
  heap[#heap] = nil
  if #heap > 0 then min_heapify(heap, 1) end
  return min
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
  heap_insert(heap, { state = problem.start, g = 0, f = problem:h(problem.start), rank = -1 })
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #heap > 0 do
    local node = heap_extract_min(heap)
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local g = node.g + child.cost
        heap_insert(heap, { state = child.state, parent = node, move = child.move, g = g,
                            f = g + problem:h(child.state), rank = RANK[child.move] })
      end
    end
  end
  return nil, expanded
end
