-- Attacks: the loader, with an infinite loop in the top level (load time).
-- expect: load-error

local n = 0
while true do n = n + 1 end

function heuristic(board) return 0 end
