-- Meant: IDA*, the bound growing after each round.
-- Bug: the next bound is the old bound plus one, not the smallest f that went over the bound.
local expanded = 0

local function dfs(problem, state, g, bound, seen, moves)
  local f = g + problem:h(state)
  if f > bound then return nil end
  if problem:is_goal(state) then return moves end
  expanded = expanded + 1
  for _, nxt in ipairs(problem:successors(state)) do
    local k = problem:key(nxt.state)
    if not seen[k] then
      seen[k] = true
      local copy = { table.unpack(moves) }
      copy[#copy + 1] = nxt.move
      local found = dfs(problem, nxt.state, g + 1, bound, seen, copy)
      seen[k] = nil
      if found then return found end
    end
  end
  return nil
end

function idastar(problem)
  expanded = 0
  local bound = problem:h(problem.start)
  while bound < 100 do
    local found = dfs(problem, problem.start, 0, bound, { [problem:key(problem.start)] = true }, {})
    if found then return found, expanded end
    bound = bound + 1
  end
  return nil, expanded
end
