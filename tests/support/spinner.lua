-- A BFS that never returns: it calls problem:successors until the expansion budget stops it.
-- tests/e2e/batch_memory.sh and bench/bench_slowest_diagnosis.cpp read this file.
function bfs(problem)
  while true do problem:successors(problem.start) end
end
