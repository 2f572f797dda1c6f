-- Correct: classic-8puzzle's DFS with a stack made of closures, children pushed from the last
-- so that they pop in Up, Down, Left, Right order, and each node's path kept as its own list.
local function make_stack()
  local items, size = {}, 0
  return {
    push = function(item) size = size + 1; items[size] = item end,
    pop = function()
      local item = items[size]
      items[size] = nil
      size = size - 1
      return item
    end,
    empty = function() return size == 0 end,
  }
end

function dfs(problem)
  local stack = make_stack()
  local marked = { [problem:key(problem.start)] = true }
  stack.push({ state = problem.start, path = {} })
  local expanded = 0
  while not stack.empty() do
    local node = stack.pop()
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    local children = problem:successors(node.state)
    for i = #children, 1, -1 do
      local child = children[i]
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        stack.push({ state = child.state, path = path })
      end
    end
  end
  return nil, expanded
end
