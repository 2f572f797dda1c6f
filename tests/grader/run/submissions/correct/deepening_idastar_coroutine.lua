-- Correct, in an unusual style: IDA* whose rounds are coroutines; each cut-off f is yielded to
-- the driver, which keeps the least one as the next bound; the path is a stack of moves popped
-- on the way back up.
function idastar(problem)
  local expanded = 0
  local on_path = {}
  local moves = {}
  local function visit(state, g, bound)
    local f = g + problem:h(state)
    if f > bound then coroutine.yield(f) return false end
    if problem:is_goal(state) then return true end
    expanded = expanded + 1
    for _, c in ipairs(problem:successors(state)) do
      local k = problem:key(c.state)
      if not on_path[k] then
        on_path[k] = true
        moves[#moves + 1] = c.move
        if visit(c.state, g + c.cost, bound) then return true end
        moves[#moves] = nil
        on_path[k] = nil
      end
    end
    return false
  end
  local bound = problem:h(problem.start)
  while true do
    on_path = { [problem:key(problem.start)] = true }
    moves = {}
    local round = coroutine.wrap(function()
      if visit(problem.start, 0, bound) then return "found" end
      return "done"
    end)
    local least = math.huge
    while true do
      local r = round()
      if r == "found" then return moves, expanded end
      if r == "done" then break end
      if r < least then least = r end
    end
    if least == math.huge then return nil, expanded end
    bound = least
  end
end
