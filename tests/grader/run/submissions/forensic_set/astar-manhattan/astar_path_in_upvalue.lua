-- Meant: A* where each node's moves are built from its parent's.
-- Bug: the moves are kept in ONE string, `current_moves`, shared by the whole search and extended
-- at every expansion with the move of the node popped, so the path returned holds a move for
-- every node expanded, from every branch, not the goal's own route.
function astar(problem)
  local less = function(a, b) return a.f < b.f end
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), move = "" }, less)
  local closed = {}
  local current_moves = ""
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      current_moves = current_moves .. node.move
      if problem:is_goal(node.state) then return current_moves, expanded end
      expanded = expanded + 1
      for _, c in ipairs(problem:successors(node.state)) do
        if not closed[problem:key(c.state)] then
          heapq.push(heap, { state = c.state, g = node.g + 1, f = node.g + 1 + problem:h(c.state),
                             move = c.move:sub(1, 1) }, less)
        end
      end
    end
  end
  return nil, expanded
end
