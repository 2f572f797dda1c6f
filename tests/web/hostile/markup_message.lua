-- An error message that is markup: the page and the report must show it as text.
function bfs(problem)
  error("</script><script>alert(1)</script><img src=x onerror=alert(2)>", 0)
end
