-- Correct, unusual style: the student ported Python's heapq.py by hand (heappush's _siftdown,
-- heappop's _siftup that walks to a leaf first) and gave the nodes a metatable whose __lt
-- compares (f, move rank), exactly what the handout asks of the heap.
local RANK = { Up = 0, Down = 1, Left = 2, Right = 3 }
local Node = {}
Node.__lt = function(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.rank < b.rank
end

local function siftdown(heap, startpos, pos)
  local newitem = heap[pos]
  while pos > startpos do
    local parentpos = (pos - 1) // 2
    local parent = heap[parentpos]
    if newitem < parent then
      heap[pos] = parent
      pos = parentpos
    else
      break
    end
  end
  heap[pos] = newitem
end

local function siftup(heap, pos, n)
  local startpos, newitem = pos, heap[pos]
  local childpos = 2 * pos + 1
  while childpos < n do
    local rightpos = childpos + 1
    if rightpos < n and not (heap[childpos] < heap[rightpos]) then childpos = rightpos end
    heap[pos] = heap[childpos]
    pos = childpos
    childpos = 2 * pos + 1
  end
  heap[pos] = newitem
  siftdown(heap, startpos, pos)
end

-- The heap is 0-based, as in Python: heap.n items in heap[0] .. heap[n - 1].
local function push(heap, item)
  heap[heap.n] = item
  heap.n = heap.n + 1
  siftdown(heap, 0, heap.n - 1)
end

local function pop(heap)
  heap.n = heap.n - 1
  local last = heap[heap.n]
  heap[heap.n] = nil
  if heap.n == 0 then return last end
  local top = heap[0]
  heap[0] = last
  siftup(heap, 0, heap.n)
  return top
end

function astar(problem)
  local heap = { n = 0 }
  push(heap, setmetatable({ state = problem.start, g = 0, f = problem:h(problem.start), rank = -1, path = "" }, Node))
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while heap.n > 0 do
    local node = pop(heap)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, c in ipairs(problem:successors(node.state)) do
      local k = problem:key(c.state)
      if not marked[k] then
        marked[k] = true
        local g = node.g + c.cost
        push(heap, setmetatable({ state = c.state, g = g, f = g + problem:h(c.state),
                                  rank = RANK[c.move], path = node.path .. c.move:sub(1, 1) }, Node))
      end
    end
  end
  return nil, expanded
end
