-- Mistake: frontier-stack. table.remove(frontier) takes the LAST node: this "BFS" is a stack.
-- The count is the lab's: every state reached, the start included.
local function moves_to(node)
  local moves = {}
  while node.parent do
    table.insert(moves, 1, node.move)
    node = node.parent
  end
  return moves
end

function bfs(problem)
  local frontier = { { state = problem.start } }
  local reached = {}
  reached[problem:key(problem.start)] = true
  local count = 1
  while #frontier > 0 do
    local node = table.remove(frontier)
    if problem:is_goal(node.state) then return moves_to(node), count end
    for _, succ in ipairs(problem:successors(node.state)) do
      local key = problem:key(succ.state)
      if not reached[key] then
        reached[key] = true
        count = count + 1
        frontier[#frontier + 1] = { state = succ.state, parent = node, move = succ.move }
      end
    end
  end
  return nil, count
end
