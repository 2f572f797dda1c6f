-- Mistake: cycle-check-none. AIMA's recursive iterative deepening, the goal tested when a node is
-- entered and nothing done at the limit, but without the check that drops a child already on its
-- own path: the blank walks back and forth.
local function dls(problem, state, path, limit, count)
  if problem:is_goal(state) then return path end
  if limit == 0 then return nil end
  count.n = count.n + 1
  for _, c in ipairs(problem:successors(state)) do
    path[#path + 1] = c.move
    local found = dls(problem, c.state, path, limit - 1, count)
    if found then return found end
    path[#path] = nil
  end
  return nil
end

function iddfs(problem)
  local count = { n = 0 }
  for limit = 0, 8 do
    local found = dls(problem, problem.start, {}, limit, count)
    if found then return found, count.n end
  end
  return nil, count.n
end
