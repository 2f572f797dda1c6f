-- Two mistakes: goal-test-on-generate and counts-popped. A breadth-first search that closes each
-- state when it pops it, as the handout says, but tests each child as it is generated, and counts
-- every pop, the ones skipped as already closed included.
function bfs(problem)
  if problem:is_goal(problem.start) then return {}, 0 end
  local queue, head = { { state = problem.start, moves = {} } }, 1
  local closed = {}
  local popped = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    popped = popped + 1
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      for _, c in ipairs(problem:successors(node.state)) do
        if not closed[problem:key(c.state)] then
          local moves = { table.unpack(node.moves) }
          moves[#moves + 1] = c.move
          if problem:is_goal(c.state) then return moves, popped end
          queue[#queue + 1] = { state = c.state, moves = moves }
        end
      end
    end
  end
  return nil, popped
end
