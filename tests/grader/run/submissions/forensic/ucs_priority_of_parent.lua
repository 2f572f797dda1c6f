-- Mistake: frontier-not-least-g. Each child goes on the heap with its PARENT's path cost, not its
-- own (the cost of the move that reaches it is added to the node, but the priority was computed
-- before): children of a cheap node jump ahead of cheaper nodes already waiting.
local function before(a, b)
  if a.priority ~= b.priority then return a.priority < b.priority end
  return a.order < b.order
end

function ucs(problem)
  local open = {}
  local pushed = 0
  heapq.push(open, { state = problem.start, g = 0, priority = 0, path = {}, order = 0 }, before)
  local best = { [problem:key(problem.start)] = 0 }
  local reached = 1
  while #open > 0 do
    local node = heapq.pop(open, before)
    if problem:is_goal(node.state) then return node.path, reached end
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      local g = node.g + child.cost
      if best[key] == nil or g < best[key] then
        if best[key] == nil then reached = reached + 1 end
        best[key] = g
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        pushed = pushed + 1
        heapq.push(open, { state = child.state, g = g, priority = node.g, path = path,
                           order = pushed }, before)
      end
    end
  end
  return nil, reached
end
