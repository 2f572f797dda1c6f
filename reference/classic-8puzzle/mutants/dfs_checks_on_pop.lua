-- Mistake: DFS checks for duplicates when popping (a closed set) instead of marking on push.
local function path_to(node)
  local reversed = {}
  while node.parent do reversed[#reversed + 1] = node.move; node = node.parent end
  local moves = {}
  for i = #reversed, 1, -1 do moves[#moves + 1] = reversed[i] end
  return moves
end

function dfs(problem)
  local stack = { { state = problem.start } }
  local closed = {}
  local expanded = 0
  while #stack > 0 do
    local node = table.remove(stack)
    local key = problem:key(node.state)
    if not closed[key] then
      if problem:is_goal(node.state) then return path_to(node), expanded end
      closed[key] = true
      expanded = expanded + 1
      local children = problem:successors(node.state)
      for i = #children, 1, -1 do
        local child = children[i]
        if not closed[problem:key(child.state)] then
          stack[#stack + 1] = { state = child.state, parent = node, move = child.move }
        end
      end
    end
  end
  return nil, expanded
end
