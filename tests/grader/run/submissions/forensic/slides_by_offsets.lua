-- Correct, unusual style: one slide function for every direction, from a table of offsets, the
-- edge found by comparing the blank's row and column after the move, and the copy built by
-- table.move. Must get full marks and no diagnosis.
local offsets = { down = { 1, 0 }, left = { 0, -1 }, right = { 0, 1 }, up = { -1, 0 } }

local function slide(board, way)
  local blank = board:find(0)
  local dr, dc = offsets[way][1], offsets[way][2]
  local r, c = board:row(blank) + dr, board:col(blank) + dc
  if r < 1 or r > board.rows or c < 1 or c > board.cols then return false end
  local out = table.move({ table.unpack(board, 1, board:size()) }, 1, board:size(), 1, {})
  local target = (r - 1) * board.cols + c
  out[blank], out[target] = out[target], out[blank]
  return out
end

function slide_down(board) return slide(board, "down") end
function slide_left(board) return slide(board, "left") end
function slide_right(board) return slide(board, "right") end

function check_solved(board)
  for i = 1, board:size() - 1 do
    if board[i] ~= i then return false end
  end
  return board[board:size()] == 0
end
