-- Correct: AIMA's recursive iterative deepening with the path check, nothing done at the limit.
local function dls(problem, state, path, on_path, limit, count)
  if problem:is_goal(state) then return path end
  if limit == 0 then return nil end
  count.n = count.n + 1
  for _, c in ipairs(problem:successors(state)) do
    local key = problem:key(c.state)
    if not on_path[key] then
      on_path[key] = true
      path[#path + 1] = c.move
      local found = dls(problem, c.state, path, on_path, limit - 1, count)
      if found then return found end
      path[#path] = nil
      on_path[key] = nil
    end
  end
  return nil
end

function iddfs(problem)
  local count = { n = 0 }
  for limit = 0, 8 do
    local found = dls(problem, problem.start, {}, { [problem:key(problem.start)] = true }, limit,
                      count)
    if found then return found, count.n end
  end
  return nil, count.n
end
