-- Mistake: BFS tests for the goal when a child is generated instead of when it is popped (so the
-- goal is never popped, and the count stops one short of the notebook's).
-- Only bfs is submitted (the other tasks score 0 with "defines no function").
local function path_to(node)
  local moves = {}
  while node.parent do table.insert(moves, 1, node.move); node = node.parent end
  return moves
end

function bfs(problem)
  if problem:is_goal(problem.start) then return {}, 0 end
  local queue, head, tail = { { state = problem.start } }, 1, 1
  local visited = {}
  local steps = 0
  while head <= tail do
    local node = queue[head]
    head = head + 1
    steps = steps + 1
    visited[problem:key(node.state)] = true
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] then
        local next_node = { state = child.state, parent = node, move = child.move }
        if problem:is_goal(child.state) then return path_to(next_node), steps end
        tail = tail + 1
        queue[tail] = next_node
      end
    end
  end
  return nil, steps
end
