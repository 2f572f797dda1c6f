-- Mistake: the textbook BFS instead of the notebook's: a state is marked when it is pushed, so no
-- state ever enters the queue twice. The path is the same; the notebook's queue holds duplicates
-- (children are only checked against states already popped), and it pops them all, so its count
-- (2062 on the published board) is larger than this one's.
local function path_to(node)
  local moves = {}
  while node.parent do table.insert(moves, 1, node.move); node = node.parent end
  return moves
end

function bfs(problem)
  local queue, head, tail = { { state = problem.start } }, 1, 1
  local marked = { [problem:key(problem.start)] = true }
  local steps = 0
  while head <= tail do
    local node = queue[head]
    head = head + 1
    steps = steps + 1
    if problem:is_goal(node.state) then return path_to(node), steps end
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        tail = tail + 1
        queue[tail] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  return nil, steps
end
