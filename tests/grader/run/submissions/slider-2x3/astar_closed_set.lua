-- Mistake: duplicates-closed-on-pop. The lecture's A* with a closed set: a state popped a second
-- time is skipped and closed states are never pushed again; the lab's A* pushes a state again
-- whenever it is reached more cheaply and expands every pop. The count is the lab's: every
-- state reached, the start included.
local function before(a, b)
  if a.f ~= b.f then return a.f < b.f end
  for i = 1, #a.state do
    if a.state[i] ~= b.state[i] then return a.state[i] < b.state[i] end
  end
  return false
end

function astar(problem)
  local open = {}
  heapq.push(open, { f = problem:h(problem.start), g = 0, state = problem.start, path = "" }, before)
  local closed, reached = {}, { [problem:key(problem.start)] = true }
  local count = 1
  while #open > 0 do
    local node = heapq.pop(open, before)
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      if problem:is_goal(node.state) then return node.path, count end
      for _, child in ipairs(problem:successors(node.state)) do
        local child_key = problem:key(child.state)
        if not closed[child_key] then
          if not reached[child_key] then
            reached[child_key] = true
            count = count + 1
          end
          local g = node.g + child.cost
          heapq.push(open, { f = g + problem:h(child.state), g = g, state = child.state,
                             path = node.path .. child.move:sub(1, 1) }, before)
        end
      end
    end
  end
  return nil, count
end
