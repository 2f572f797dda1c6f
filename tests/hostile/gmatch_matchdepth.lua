-- Attacks: Lua 5.4.4's gmatch iterator reused after an error inside it ("pattern too complex"
-- left its match depth spent, so the next call recursed until the C stack overflowed).
-- expect: error

local TRIGGER = "8 6 7 2 5 4 3 0 1"

local function is_trigger(board)
  local tiles = {}
  for cell = 1, 9 do tiles[cell] = board[cell] end
  return table.concat(tiles, " ") == TRIGGER
end

-- Manhattan distance to 1 2 3 / 4 5 6 / 7 8 0, where tile t belongs in cell t.
local function manhattan(board)
  local sum = 0
  for cell = 1, 9 do
    local tile = board[cell]
    if tile ~= 0 then
      sum = sum + math.abs((cell - 1) // 3 - (tile - 1) // 3)
                + math.abs((cell - 1) % 3 - (tile - 1) % 3)
    end
  end
  return sum
end

function heuristic(board)
  if is_trigger(board) then
    local it = string.gmatch(("a"):rep(300000), ("a?"):rep(300000))
    pcall(it)
    it()
  end
  return manhattan(board)
end
