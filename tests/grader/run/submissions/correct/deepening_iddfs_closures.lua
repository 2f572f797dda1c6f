-- Correct: iterative-deepening's IDDFS with the depth-limited search as a closure over the
-- round's state (the path's keys as a set, the moves as a stack) and the count kept outside.
function iddfs(problem)
  local expanded = 0
  local limit = 0
  local on_path, moves = {}, {}
  local cut_off
  local function visit(state, depth)
    if problem:is_goal(state) then
      local found = {}
      for i, move in ipairs(moves) do found[i] = move end
      return found
    end
    if depth == limit then
      cut_off = true
      return nil
    end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(state)) do
      local key = problem:key(child.state)
      if not on_path[key] then
        on_path[key] = true
        moves[#moves + 1] = child.move
        local found = visit(child.state, depth + 1)
        moves[#moves] = nil
        on_path[key] = nil
        if found then return found end
      end
    end
    return nil
  end
  while true do
    cut_off = false
    on_path = { [problem:key(problem.start)] = true }
    local found = visit(problem.start, 0)
    if found then return found, expanded end
    if not cut_off then return nil, expanded end
    limit = limit + 1
  end
end
