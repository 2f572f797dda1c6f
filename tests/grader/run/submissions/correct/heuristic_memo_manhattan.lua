-- Correct, unusual style: Manhattan distance with the goal coordinates worked out once per board
-- size (0-based) and every value memoised by the board's text.
local memo, goal_of = {}, {}

local function goals(board)
  local size = board.rows .. "x" .. board.cols
  if not goal_of[size] then
    local t = {}
    for tile = 1, board:size() - 1 do
      t[tile] = { (tile - 1) // board.cols, (tile - 1) % board.cols }
    end
    goal_of[size] = t
  end
  return goal_of[size]
end

function your_heuristic(board)
  local text = tostring(board)
  if memo[text] then return memo[text] end
  local where, sum = goals(board), 0
  for i = 0, board:size() - 1 do
    local tile = board[i + 1]
    if tile ~= 0 then
      sum = sum + math.abs(i // board.cols - where[tile][1]) + math.abs(i % board.cols - where[tile][2])
    end
  end
  memo[text] = sum
  return sum
end
