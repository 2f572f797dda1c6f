-- Neighbouring mistake, named by the catalogue (not by an invariant): the visited table is
-- consulted but nothing is ever written to it, so this is a tree search.
function bfs(problem)
  local queue, head = { { state = problem.start, path = "" } }, 1
  local visited = {}
  local expanded = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] then
        queue[#queue + 1] = { state = child.state, path = node.path .. child.move:sub(1, 1) }
      end
    end
  end
  return nil, expanded
end
