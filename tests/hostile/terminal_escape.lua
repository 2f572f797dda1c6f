-- Attacks: an error message that would drive the instructor's terminal: clear the screen, move
-- the cursor, retitle the window, ring the bell, NUL, DEL and a right-to-left override.
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
    error("\27[2J\27[H\27]0;pwned\7 all tests passed \0\1\127 \226\128\174 1/1 \27[31m")
  end
  return manhattan(board)
end
