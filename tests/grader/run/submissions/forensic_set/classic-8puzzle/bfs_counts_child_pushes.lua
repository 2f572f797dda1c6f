-- Meant: count the nodes "visited" by the search.
-- Bug: the count goes up each time a new child is pushed onto the queue (the start is never
-- counted), so it counts the boards added to the queue, not the nodes expanded.
function bfs(problem)
  local queue = { { state = problem.start, path = "" } }
  local first = 1
  local marked = {}
  marked[problem:key(problem.start)] = true
  local count = 0
  while first <= #queue do
    local node = queue[first]
    first = first + 1
    if problem:is_goal(node.state) then
      return node.path, count
    end
    for _, s in ipairs(problem:successors(node.state)) do
      local key = problem:key(s.state)
      if not marked[key] then
        marked[key] = true
        count = count + 1
        queue[#queue + 1] = { state = s.state, path = node.path .. s.move:sub(1, 1) }
      end
    end
  end
  return nil, count
end
