-- Mistake: the depth test is `depth <= 60` where the notebook has `len(path) < max_depth`, so
-- nodes at depth 61 are pushed too.
local function path_to(node)
  local moves = {}
  while node.parent do table.insert(moves, 1, node.move); node = node.parent end
  return moves
end

function dfs(problem)
  local stack = { { state = problem.start, depth = 0 } }
  local visited = {}
  local steps = 0
  while #stack > 0 do
    local node = table.remove(stack)
    steps = steps + 1
    if problem:is_goal(node.state) then return path_to(node), steps end
    visited[problem:key(node.state)] = true
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] and node.depth <= 60 then
        stack[#stack + 1] = { state = child.state, parent = node, move = child.move,
                              depth = node.depth + 1 }
      end
    end
  end
  return nil, steps
end
