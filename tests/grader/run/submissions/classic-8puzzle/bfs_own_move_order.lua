-- Mistake: action-order-LRUD. The student's lecture notes listed Left, Right, Up, Down, so the
-- successors are taken in that order instead of the handout's Up, Down, Left, Right.
local ORDER = { "Left", "Right", "Up", "Down" }

function bfs(problem)
  local queue, head = { { state = problem.start, path = {} } }, 1
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    local by_move = {}
    for _, s in ipairs(problem:successors(node.state)) do by_move[s.move] = s end
    for _, move in ipairs(ORDER) do
      local s = by_move[move]
      if s and not marked[problem:key(s.state)] then
        marked[problem:key(s.state)] = true
        local path = { table.unpack(node.path) }
        path[#path + 1] = move
        queue[#queue + 1] = { state = s.state, path = path }
      end
    end
  end
  return nil, expanded
end
