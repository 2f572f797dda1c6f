-- Mistake: path-tile-centred. The student names each move after the tile that slides ("Move UP
-- (tile 2)", as the seed notebook prints it), the opposite of the blank's direction.
local TILE_MOVES = { Up = "Down", Down = "Up", Left = "Right", Right = "Left" }
local function path_of(node)
  local path = {}
  while node.parent do
    table.insert(path, 1, TILE_MOVES[node.move])
    node = node.parent
  end
  return path
end

function bfs(problem)
  local queue, head = { { state = problem.start } }, 1
  local marked = { [problem:key(problem.start)] = true }
  local expanded, generated, popped = 0, 0, 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    popped = popped + 1
    if problem:is_goal(node.state) then return path_of(node), expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      generated = generated + 1
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        queue[#queue + 1] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  return nil, expanded
end
