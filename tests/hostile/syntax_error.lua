-- Attacks: the loader, with a file that does not parse (load time).
-- expect: load-error

function heuristic(board)
  local sum = 0
  for cell = 1, 9 do
    sum = sum +
  end
  return sum
end
