-- Meant: rebuild the path from the goal back to the start through parent links, then reverse it
-- in place.
-- Bug: the reversing loop runs over the WHOLE list, so every pair is swapped twice and the list
-- comes back in its original order: the moves are returned from the goal back to the start.
local function reverse(list)
  for i = 1, #list do
    local j = #list - i + 1
    list[i], list[j] = list[j], list[i]
  end
  return list
end

function bfs(problem)
  local parent = {}
  local start_key = problem:key(problem.start)
  parent[start_key] = false
  local queue = { problem.start }
  local expanded = 0
  local i = 1
  while queue[i] do
    local state = queue[i]
    i = i + 1
    local key = problem:key(state)
    if problem:is_goal(state) then
      local moves = {}
      while parent[key] do
        moves[#moves + 1] = parent[key].move
        key = parent[key].from
      end
      return reverse(moves), expanded
    end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(state)) do
      local ck = problem:key(child.state)
      if parent[ck] == nil then
        parent[ck] = { from = key, move = child.move }
        queue[#queue + 1] = child.state
      end
    end
  end
  return nil, expanded
end
