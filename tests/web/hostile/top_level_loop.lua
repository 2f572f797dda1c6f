-- Never finishes loading: the loop is outside any function.
while true do end
function bfs(problem) return "U", 1 end
