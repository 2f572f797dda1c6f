-- Correct, unusual style: the notebook's BFS (a popped state already seen is skipped) as a
-- coroutine that yields each node it pops; the caller stops at the goal. Paths are lists of
-- lower-case move names.
local function popped_nodes(problem)
  return coroutine.wrap(function()
    local queue, head = { { state = problem.start, path = {} } }, 1
    local seen = {}
    while queue[head] do
      local node = queue[head]
      head = head + 1
      local key = problem:key(node.state)
      if not seen[key] then
        seen[key] = true
        coroutine.yield(node)
        for _, step in ipairs(problem:successors(node.state)) do
          local path = { table.unpack(node.path) }
          path[#path + 1] = step.move:lower()
          queue[#queue + 1] = { state = step.state, path = path }
        end
      end
    end
  end)
end

function breadth_first_search(problem)
  for node in popped_nodes(problem) do
    if problem:is_goal(node.state) then return node.path end
  end
  return nil
end
