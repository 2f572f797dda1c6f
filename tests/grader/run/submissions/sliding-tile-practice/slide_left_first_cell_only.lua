-- Mistake: allowed-an-impossible-move. The edge test only refuses the blank in cell 1, not in the
-- whole first column: from cells 4 and 7 the blank "wraps" to the end of the row above.
function slide_left(board)
  local b = board:find(0)
  if b == 1 then return false end
  local t = {}
  for i = 1, board:size() do t[i] = board[i] end
  t[b], t[b - 1] = t[b - 1], 0
  return t
end
