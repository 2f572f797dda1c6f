-- Meant: AIMA's iterative deepening, counting every expansion.
-- Bug: the counter is set to 0 at the start of every round (inside the limit loop), so the count
-- returned is the last round's expansions only.
local expanded

local function dls(problem, state, limit, path_keys, moves)
  if problem:is_goal(state) then return moves end
  if limit == 0 then return "cutoff" end
  expanded = expanded + 1
  local cut = false
  for _, c in ipairs(problem:successors(state)) do
    local k = problem:key(c.state)
    if not path_keys[k] then
      path_keys[k] = true
      local more = { table.unpack(moves) }
      more[#more + 1] = c.move
      local r = dls(problem, c.state, limit - 1, path_keys, more)
      path_keys[k] = nil
      if r == "cutoff" then cut = true elseif r then return r end
    end
  end
  if cut then return "cutoff" end
  return nil
end

function iddfs(problem)
  local limit = 0
  while true do
    expanded = 0
    local r = dls(problem, problem.start, limit, { [problem:key(problem.start)] = true }, {})
    if r ~= "cutoff" then return r, expanded end
    limit = limit + 1
  end
end
