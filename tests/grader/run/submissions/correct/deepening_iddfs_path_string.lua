-- Correct, in an unusual style: IDDFS as one closure per round, the current path kept as a
-- string of keys ("|k1|k2|...") searched with string.find (plain) for the cycle check, and the
-- moves as a string of letters; the count lives in a table shared by the rounds.
function iddfs(problem)
  local stats = setmetatable({}, { __index = function() return 0 end })
  local function round(limit)
    local function dls(state, depth, keys, letters)
      if problem:is_goal(state) then return letters end
      if depth == limit then return false end
      stats.n = stats.n + 1
      local cut = false
      for _, c in ipairs(problem:successors(state)) do
        local k = "|" .. problem:key(c.state) .. "|"
        if not keys:find(k, 1, true) then
          local r = dls(c.state, depth + 1, keys .. k:sub(2), letters .. c.move:sub(1, 1))
          if type(r) == "string" then return r end
          if r == false then cut = true end
        end
      end
      if cut then return false end
      return nil
    end
    return dls(problem.start, 0, "|" .. problem:key(problem.start) .. "|", "")
  end
  local limit = 0
  while true do
    local r = round(limit)
    if type(r) == "string" then return r, stats.n end
    if r == nil then return nil, stats.n end
    limit = limit + 1
  end
end
