-- Mistake: A* counts only the nodes it expands, leaving out the goal pop and the pops of states
-- already visited; the notebook counts every pop ("states evaluated").
local function less(a, b) return a.f < b.f end
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
local function push(heap, item)
  heap[#heap + 1] = item
  sift_down(heap, 1, #heap)
end
local function pop(heap)
  local last = table.remove(heap)
  if #heap == 0 then return last end
  local top = heap[1]
  heap[1] = last
  sift_up(heap, 1)
  return top
end

function astar(problem)
  local heap = {}
  push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), path = "" })
  local visited, expanded = {}, 0
  while #heap > 0 do
    local node = pop(heap)
    if problem:is_goal(node.state) then return node.path, expanded end
    local key = problem:key(node.state)
    if not visited[key] then
      visited[key] = true
      expanded = expanded + 1
      for _, child in ipairs(problem:successors(node.state)) do
        if not visited[problem:key(child.state)] then
          local g = node.g + child.cost
          push(heap, { state = child.state, g = g, f = g + problem:h(child.state),
                       path = node.path .. child.move:sub(1, 1) })
        end
      end
    end
  end
  return nil, expanded
end
