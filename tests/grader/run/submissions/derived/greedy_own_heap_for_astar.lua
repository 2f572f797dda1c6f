-- Mistake: priority-h-only, on a task that checks only the path. "A*" whose hand-written binary
-- heap is keyed by the Manhattan distance alone: the last entry moves to the root on a pop and
-- sinks while a child is strictly smaller (the left one on a tie).
local function sift_up(heap, at)
  while at > 1 and heap[at].h < heap[at // 2].h do
    heap[at], heap[at // 2] = heap[at // 2], heap[at]
    at = at // 2
  end
end

local function pop(heap)
  local top, last = heap[1], table.remove(heap)
  if #heap == 0 then return top end
  heap[1] = last
  local at = 1
  while true do
    local best, l, r = at, 2 * at, 2 * at + 1
    if l <= #heap and heap[l].h < heap[best].h then best = l end
    if r <= #heap and heap[r].h < heap[best].h then best = r end
    if best == at then return top end
    heap[at], heap[best] = heap[best], heap[at]
    at = best
  end
end

function astar(problem)
  local heap = { { state = problem.start, h = problem:h(problem.start) } }
  local closed, expanded = {}, 0
  while #heap > 0 do
    local node = pop(heap)
    if problem:is_goal(node.state) then
      local moves = {}
      while node.parent do table.insert(moves, 1, node.move); node = node.parent end
      return moves, expanded
    end
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      expanded = expanded + 1
      for _, c in ipairs(problem:successors(node.state)) do
        if not closed[problem:key(c.state)] then
          heap[#heap + 1] = { state = c.state, h = problem:h(c.state), parent = node, move = c.move }
          sift_up(heap, #heap)
        end
      end
    end
  end
  return nil, expanded
end
