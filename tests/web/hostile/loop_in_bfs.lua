-- Loops without ever calling the problem API, so no deterministic budget can stop it.
function bfs(problem)
  while true do end
end
