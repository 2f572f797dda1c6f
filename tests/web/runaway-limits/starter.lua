-- bfs(problem) returns path, count
function bfs(problem)
end
