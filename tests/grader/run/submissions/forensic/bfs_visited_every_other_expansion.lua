-- A visited table updated after every other expansion only: the search skips many repeated
-- boards, so it is no tree search, yet on slider-2x3's published test "no duplicate detection at
-- all" reproduces the run. The other tests refute it: it must never be said.
local function run(problem, take)
  local frontier = { { state = problem.start, path = "", depth = 0 } }
  local visited = {}
  local expanded = 0
  while #frontier > 0 do
    local node = take(frontier)
    local key = problem:key(node.state)

    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local ckey = problem:key(child.state)
      if not visited[ckey] then
        if expanded % 2 == 0 then visited[ckey] = true end
        frontier[#frontier + 1] = { state = child.state, path = node.path .. child.move:sub(1, 1), depth = node.depth + 1 }
      end
    end
  end
  return nil, expanded
end
function bfs(problem) return run(problem, function(f) return table.remove(f, 1) end) end
function dfs(problem) return run(problem, function(f) return table.remove(f) end) end
