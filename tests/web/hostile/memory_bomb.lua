-- Allocates until the Lua memory cap refuses.
function bfs(problem)
  local hoard = {}
  while true do hoard[#hoard + 1] = string.rep("x", 1 << 20) .. #hoard end
end
