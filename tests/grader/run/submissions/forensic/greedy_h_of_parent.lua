-- Mistake: frontier-not-least-h. Each child is queued with the h of the board it came from (the
-- value computed once per expansion, before the loop over children), so the queue orders the
-- children of promising parents first, not the promising children.
local function before(a, b)
  if a.h ~= b.h then return a.h < b.h end
  return a.order < b.order
end

function greedy(problem)
  local open = {}
  heapq.push(open, { state = problem.start, h = problem:h(problem.start), path = {}, order = 0 },
             before)
  local seen = { [problem:key(problem.start)] = true }
  local reached, pushed = 1, 0
  while #open > 0 do
    local node = heapq.pop(open, before)
    if problem:is_goal(node.state) then return node.path, reached end
    local h = problem:h(node.state)
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        reached = reached + 1
        pushed = pushed + 1
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        heapq.push(open, { state = child.state, h = h, path = path, order = pushed }, before)
      end
    end
  end
  return nil, reached
end
