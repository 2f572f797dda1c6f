-- Correct, unusual style: 0-based row and column arithmetic, and boards returned as a list of
-- rows; check_solved compares the tiles, joined into a string, with the goal's.
local function rows_after(board, dr, dc)
  local cols = board.cols
  local b = board:find(0) - 1                 -- 0-based cell of the blank
  local r, c = b // cols + dr, b % cols + dc  -- where the blank goes
  if r < 0 or r >= board.rows or c < 0 or c >= cols then return false end
  local rows = {}
  for row = 0, board.rows - 1 do
    rows[row + 1] = {}
    for col = 0, cols - 1 do rows[row + 1][col + 1] = board[row * cols + col + 1] end
  end
  rows[b // cols + 1][b % cols + 1] = rows[r + 1][c + 1]
  rows[r + 1][c + 1] = 0
  return rows
end

function slide_down(board) return rows_after(board, 1, 0) end
function slide_left(board) return rows_after(board, 0, -1) end
function slide_right(board) return rows_after(board, 0, 1) end

function check_solved(board)
  local goal, tiles = {}, {}
  for i = 1, board:size() do
    goal[i] = i % board:size()
    tiles[i] = board[i]
  end
  return table.concat(tiles, " ") == table.concat(goal, " ")
end
