-- Meant: the notebook's DFS without copying a path string into every node: each node keeps only
-- its depth, and the move that led to it is written into moves[depth].
-- Bug: moves[depth + 1] is written when the children are PUSHED, so the last child pushed
-- overwrites its siblings' entry; when the search backs up to an older sibling, moves[] still
-- holds moves of the branch it left, and the path returned mixes moves of several branches.
function depth_first_search(problem)
  local moves = {}
  local seen = {}
  local stack = { { state = problem.start, depth = 0 } }
  while #stack > 0 do
    local node = table.remove(stack)
    local key = problem:key(node.state)
    if not seen[key] then
      seen[key] = true
      if problem:is_goal(node.state) then
        return table.concat(moves, "", 1, node.depth)
      end
      for _, s in ipairs(problem:successors(node.state)) do
        moves[node.depth + 1] = s.move:sub(1, 1)
        stack[#stack + 1] = { state = s.state, depth = node.depth + 1 }
      end
    end
  end
  return nil
end
