-- A BFS that first calls problem:successors 1,900,000 times on the start (each call an expansion
-- the grader records), then searches: the optimal path with a wrong count and order, after nearly
-- a 2,000,000-expansion budget. tests/e2e/batch_memory.sh (which replaces the number for its
-- smaller sanitized class) and bench/bench_slowest_diagnosis.cpp read this file.
local wander = 1900000

function bfs(problem)
  for _ = 1, wander do problem:successors(problem.start) end
  local seen, queue, head = {[problem:key(problem.start)] = true}, {{problem.start, ""}}, 1
  while head <= #queue do
    local state, path = queue[head][1], queue[head][2]
    head = head + 1
    if problem:is_goal(state) then return path, head - 1 end
    for _, s in ipairs(problem:successors(state)) do
      local k = problem:key(s.state)
      if not seen[k] then
        seen[k] = true
        queue[#queue + 1] = {s.state, path .. s.move:sub(1, 1)}
      end
    end
  end
end
