-- Meant: iterative deepening keeping the moves of the current path in one list, like the states
-- on the path.
-- Bug: a move is appended before each recursive call but never removed when the call returns, so
-- the list keeps the moves of every branch tried in the round, and the path returned is not the
-- goal's branch.
local count = 0

local function search(problem, state, depth, limit, on_path, moves)
  if problem:is_goal(state) then return true end
  if depth == limit then return "cutoff" end
  count = count + 1
  local any_cutoff = false
  for _, child in ipairs(problem:successors(state)) do
    local key = problem:key(child.state)
    if not on_path[key] then
      on_path[key] = true
      moves[#moves + 1] = child.move
      local result = search(problem, child.state, depth + 1, limit, on_path, moves)
      on_path[key] = nil
      if result == true then return true end
      if result == "cutoff" then any_cutoff = true end
    end
  end
  return any_cutoff and "cutoff" or false
end

function iddfs(problem)
  count = 0
  for limit = 0, 100 do
    local moves = {}
    local result = search(problem, problem.start, 0, limit, { [problem:key(problem.start)] = true },
                          moves)
    if result == true then return moves, count end
    if result == false then return nil, count end
  end
end
