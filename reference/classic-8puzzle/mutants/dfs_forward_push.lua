-- Mistake: DFS pushes children in Up, Down, Left, Right order, so Right pops first.
local function path_to(node)
  local reversed = {}
  while node.parent do reversed[#reversed + 1] = node.move; node = node.parent end
  local moves = {}
  for i = #reversed, 1, -1 do moves[#moves + 1] = reversed[i] end
  return moves
end

function dfs(problem)
  local stack = { { state = problem.start } }
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #stack > 0 do
    local node = table.remove(stack)
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        stack[#stack + 1] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  return nil, expanded
end
