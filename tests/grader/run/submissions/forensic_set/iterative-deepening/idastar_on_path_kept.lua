-- Meant: IDA* with the path cycle check (a child already on the current path is skipped).
-- Bug: `on_path` is a table shared by the whole round and a state is never taken out of it when
-- the search returns from it, so it becomes a visited set: a board reached in one branch is
-- skipped in every later branch of the same round, even where it lies on a shorter route.
local On = {}
On.__index = On

function idastar(problem)
  local self = setmetatable({ expanded = 0, seen = nil }, On)
  local function go(state, g, bound, path)
    local f = g + problem:h(state)
    if f > bound then return nil, f end
    if problem:is_goal(state) then return path, f end
    self.expanded = self.expanded + 1
    local nxt = math.huge
    for _, c in ipairs(problem:successors(state)) do
      local k = problem:key(c.state)
      if not self.seen[k] then
        self.seen[k] = true
        local p = { table.unpack(path) }
        p[#p + 1] = c.move
        local found, t = go(c.state, g + 1, bound, p)
        if found then return found, t end
        if t < nxt then nxt = t end
      end
    end
    return nil, nxt
  end
  local bound = problem:h(problem.start)
  while true do
    self.seen = { [problem:key(problem.start)] = true }
    local found, t = go(problem.start, 0, bound, {})
    if found then return found, self.expanded end
    if t == math.huge then return nil, self.expanded end
    bound = t
  end
end
