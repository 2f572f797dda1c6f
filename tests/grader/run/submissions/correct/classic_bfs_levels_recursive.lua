-- Correct, unusual style: BFS as a recursion over whole levels, a seen set keyed by the tiles
-- joined into a string (not problem:key), and paths kept as linked lists built by prepending.
local function key_of(state)
  local tiles = {}
  for i = 1, #state do tiles[i] = state[i] end
  return table.concat(tiles, ",")
end

local function to_list(path)
  local moves = {}
  while path do
    table.insert(moves, 1, path.move)
    path = path.rest
  end
  return moves
end

local function level(problem, nodes, seen, expanded)
  if #nodes == 0 then return nil, expanded end
  local next_level = {}
  for _, node in ipairs(nodes) do
    if problem:is_goal(node.state) then return to_list(node.path), expanded end
    expanded = expanded + 1
    for _, s in ipairs(problem:successors(node.state)) do
      local k = key_of(s.state)
      if not seen[k] then
        seen[k] = true
        next_level[#next_level + 1] = { state = s.state, path = { move = s.move, rest = node.path } }
      end
    end
  end
  return level(problem, next_level, seen, expanded)
end

function bfs(problem)
  return level(problem, { { state = problem.start } }, { [key_of(problem.start)] = true }, 0)
end
