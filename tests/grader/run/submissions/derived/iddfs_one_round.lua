-- Mistake: algorithm-dls. A depth-limited search with AIMA's path check, run once to the largest
-- limit instead of again and again with limit 0, 1, 2, ...: it finds a goal, not the shallowest.
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
  local found = dls(problem, problem.start, {}, { [problem:key(problem.start)] = true }, 8, count)
  return found, count.n
end
