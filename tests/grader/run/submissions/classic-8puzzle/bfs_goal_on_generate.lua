-- Mistake: goal-test-on-generate. The student checks each child as it is made, the way AIMA's
-- breadth_first_graph_search does, but this assignment tests the goal when a node is popped.
function bfs(problem)
  if problem:is_goal(problem.start) then return {}, 0 end
  local frontier = { { state = problem.start, moves = {} } }
  local explored = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #frontier > 0 do
    local node = table.remove(frontier, 1)
    expanded = expanded + 1
    for _, s in ipairs(problem:successors(node.state)) do
      local k = problem:key(s.state)
      if not explored[k] then
        explored[k] = true
        local moves = { table.unpack(node.moves) }
        moves[#moves + 1] = s.move
        if problem:is_goal(s.state) then return moves, expanded end
        frontier[#frontier + 1] = { state = s.state, moves = moves }
      end
    end
  end
  return nil, expanded
end
