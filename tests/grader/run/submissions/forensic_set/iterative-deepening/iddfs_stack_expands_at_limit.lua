-- Meant: IDDFS written with an explicit stack instead of recursion: push the start, pop a node,
-- goal test it, and push its children when it is not too deep.
-- Bug: the depth test is made on the CHILDREN (`node.depth + 1 <= limit`) after calling
-- problem:successors, so a node at the limit is still expanded (its children are then dropped):
-- the nodes at the limit are expanded instead of cut off.
function iddfs(problem)
  local expanded = 0
  local limit = 0
  while true do
    local stack = { { state = problem.start, depth = 0, moves = {}, keys = { [problem:key(problem.start)] = true } } }
    local cut = false
    while #stack > 0 do
      local node = table.remove(stack)
      if problem:is_goal(node.state) then return node.moves, expanded end
      expanded = expanded + 1
      local children = problem:successors(node.state)
      for i = #children, 1, -1 do
        local c = children[i]
        local k = problem:key(c.state)
        if node.depth + 1 <= limit then
          if not node.keys[k] then
            local keys = {}
            for kk in pairs(node.keys) do keys[kk] = true end
            keys[k] = true
            local moves = { table.unpack(node.moves) }
            moves[#moves + 1] = c.move
            stack[#stack + 1] = { state = c.state, depth = node.depth + 1, moves = moves, keys = keys }
          end
        else
          cut = true
        end
      end
    end
    if not cut then return nil, expanded end
    limit = limit + 1
  end
end
