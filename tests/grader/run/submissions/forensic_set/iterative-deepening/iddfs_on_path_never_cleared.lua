-- Meant: the path cycle check: skip a child already on the path from the start.
-- Bug: a state is added to on_path when the search goes down into it but never removed when it
-- comes back, so on_path collects every state reached in the round (a visited set shared by all
-- the branches): a board reached first deep in one branch is never searched again from a
-- shallower one in the same round.
function iddfs(problem)
  local expanded = 0
  local on_path
  local function dls(state, limit, path)
    if problem:is_goal(state) then return path end
    if limit == 0 then return "cutoff" end
    expanded = expanded + 1
    local cutoff = false
    for _, child in ipairs(problem:successors(state)) do
      local key = problem:key(child.state)
      if not on_path[key] then
        on_path[key] = true
        local result = dls(child.state, limit - 1, path .. child.move:sub(1, 1))
        if result == "cutoff" then
          cutoff = true
        elseif result then
          return result
        end
      end
    end
    return cutoff and "cutoff" or nil
  end
  local limit = 0
  while true do
    on_path = { [problem:key(problem.start)] = true }
    local result = dls(problem.start, limit, "")
    if result ~= "cutoff" then return result, expanded end
    limit = limit + 1
  end
end
