-- Mistake: wrong-direction. slide_down was copied from slide_right and only its edge test was
-- changed: the blank still swaps with the tile on its right.
local function copy(board)
  local t = {}
  for i = 1, board:size() do t[i] = board[i] end
  return t
end

function slide_down(board)
  local b = board:find(0)
  if board:row(b) == board.rows then return false end
  local t = copy(board)
  t[b], t[b + 1] = t[b + 1], 0
  return t
end
