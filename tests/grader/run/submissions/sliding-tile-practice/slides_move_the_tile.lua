-- Mistake: tile-centred-move. "slide_down" moves the TILE down: the blank swaps with the tile
-- above it.
local function copy(board)
  local t = {}
  for i = 1, board:size() do t[i] = board[i] end
  return t
end

local function blank(board)
  for i = 1, board:size() do if board[i] == 0 then return i end end
end

function slide_down(board)
  local b = blank(board)
  if board:row(b) == 1 then return false end
  local t = copy(board)
  t[b], t[b - board.cols] = t[b - board.cols], 0
  return t
end
