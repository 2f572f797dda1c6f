-- Mistake: the moves named from the tile's point of view ("Move UP (tile 2)" as seed 000 prints
-- them): when the blank moves down, the tile moves up. This assignment names the direction the
-- BLANK moves, so every move of the answer is reversed and the path is illegal or wrong.

local function less(a, b) return a.f < b.f end

local function heappush(heap, item)
  heap[#heap + 1] = item
  local pos = #heap
  while pos > 1 do
    local parent = pos // 2
    if not less(heap[pos], heap[parent]) then break end
    heap[pos], heap[parent] = heap[parent], heap[pos]
    pos = parent
  end
end

local function heappop(heap)
  local top = heap[1]
  local last = table.remove(heap)
  if #heap > 0 then
    heap[1] = last
    local pos = 1
    while true do
      local smallest, left, right = pos, 2 * pos, 2 * pos + 1
      if left <= #heap and less(heap[left], heap[smallest]) then smallest = left end
      if right <= #heap and less(heap[right], heap[smallest]) then smallest = right end
      if smallest == pos then break end
      heap[pos], heap[smallest] = heap[smallest], heap[pos]
      pos = smallest
    end
  end
  return top
end

local TILE_MOVE = { Up = "Down", Down = "Up", Left = "Right", Right = "Left" }

local function reconstruct_path(node)
  local moves = {}
  while node.parent do
    table.insert(moves, 1, TILE_MOVE[node.move])
    node = node.parent
  end
  return moves
end

function astar(problem)
  local open_list = {}
  heappush(open_list, { state = problem.start, g = 0, f = problem:h(problem.start) })
  local closed_set = {}
  local expanded = 0
  while #open_list > 0 do
    local current = heappop(open_list)
    if problem:is_goal(current.state) then return reconstruct_path(current), expanded end
    local key = problem:key(current.state)
    if not closed_set[key] then
      closed_set[key] = true
      expanded = expanded + 1
      for _, successor in ipairs(problem:successors(current.state)) do
        if not closed_set[problem:key(successor.state)] then
          local g = current.g + successor.cost
          heappush(open_list, { state = successor.state, g = g, f = g + problem:h(successor.state),
                                parent = current, move = successor.move })
        end
      end
    end
  end
  return nil, expanded
end
