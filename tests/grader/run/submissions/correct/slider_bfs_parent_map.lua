-- Correct: slider-2x3's BFS with a map from each board's key to the key it was reached from, a
-- queue of keys read with a moving head, and the count of keys kept as it grows.
function bfs(problem)
  local start = problem:key(problem.start)
  local parent, move_into, board_of = { [start] = false }, {}, { [start] = problem.start }
  local known = 1
  local queue, head = { start }, 1
  while queue[head] do
    local key = queue[head]
    head = head + 1
    if problem:is_goal(board_of[key]) then
      local moves = {}
      while parent[key] do
        table.insert(moves, 1, move_into[key])
        key = parent[key]
      end
      return moves, known
    end
    for _, child in ipairs(problem:successors(board_of[key])) do
      local next_key = problem:key(child.state)
      if parent[next_key] == nil then
        parent[next_key], move_into[next_key], board_of[next_key] = key, child.move, child.state
        known = known + 1
        queue[#queue + 1] = next_key
      end
    end
  end
  return nil, known
end
