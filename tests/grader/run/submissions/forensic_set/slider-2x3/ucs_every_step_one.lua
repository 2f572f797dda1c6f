-- Meant: the notebook's astar_search with priority cost_so_far (uniform-cost search).
-- Bug: new_cost adds 1 for every move (copied from the bfs depth) instead of child.cost, so the
-- queue is keyed by the number of moves, not by the tile costs this task charges.
local function less(a, b)
  if a[1] ~= b[1] then return a[1] < b[1] end
  for i = 1, #a[2] do
    if a[2][i] ~= b[2][i] then return a[2][i] < b[2][i] end
  end
  return false
end

function ucs(problem)
  local start = problem.start
  local sk = problem:key(start)
  local frontier = {}
  heapq.push(frontier, { 0, start }, less)
  local came_from = { [sk] = "start" }
  local cost_so_far = { [sk] = 0 }
  local moves = {}
  local processed = 1
  while #frontier > 0 do
    local current = heapq.pop(frontier, less)[2]
    local ck = problem:key(current)
    if problem:is_goal(current) then
      local path = {}
      while came_from[ck] ~= "start" do
        table.insert(path, 1, moves[ck])
        ck = came_from[ck]
      end
      return path, processed
    end
    for _, nb in ipairs(problem:successors(current)) do
      local nk = problem:key(nb.state)
      local new_cost = cost_so_far[ck] + 1
      if cost_so_far[nk] == nil or new_cost < cost_so_far[nk] then
        if came_from[nk] == nil then processed = processed + 1 end
        cost_so_far[nk] = new_cost
        heapq.push(frontier, { new_cost, nb.state }, less)
        came_from[nk] = ck
        moves[nk] = nb.move
      end
    end
  end
  return nil, processed
end
