-- Meant: breadth-first search one layer at a time (this layer, then the next), counting the
-- nodes expanded before the goal is popped.
-- Bug: `expanded` is declared inside the layer loop, so it starts again at 0 on every layer: the
-- count returned is only the nodes expanded in the goal's own layer.
function bfs(problem)
  local seen = { [problem:key(problem.start)] = true }
  local layer = { { state = problem.start, path = {} } }
  while #layer > 0 do
    local expanded = 0
    local next_layer = {}
    for _, node in ipairs(layer) do
      if problem:is_goal(node.state) then return node.path, expanded end
      expanded = expanded + 1
      for _, child in ipairs(problem:successors(node.state)) do
        local k = problem:key(child.state)
        if not seen[k] then
          seen[k] = true
          local path = { table.unpack(node.path) }
          path[#path + 1] = child.move
          next_layer[#next_layer + 1] = { state = child.state, path = path }
        end
      end
    end
    layer = next_layer
  end
  return nil, 0
end
