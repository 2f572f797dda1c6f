#include "grader/sandbox/lua_heapq.h"

namespace tile {

const char* heapq_lua_source() {
  // 1-based translation of Lib/heapq.py: parent of p is (p - 2) // 2 + 1, children 2p and 2p + 1.
  return R"lua(
local heapq = {}
local function default_less(a, b) return a < b end

local function siftdown(heap, startpos, pos, less)
  local newitem = heap[pos]
  while pos > startpos do
    local parentpos = (pos - 2) // 2 + 1
    local parent = heap[parentpos]
    if less(newitem, parent) then
      heap[pos] = parent
      pos = parentpos
    else
      break
    end
  end
  heap[pos] = newitem
end

local function siftup(heap, pos, less)
  local endpos = #heap
  local startpos = pos
  local newitem = heap[pos]
  local childpos = 2 * pos
  while childpos <= endpos do
    local rightpos = childpos + 1
    if rightpos <= endpos and not less(heap[childpos], heap[rightpos]) then
      childpos = rightpos
    end
    heap[pos] = heap[childpos]
    pos = childpos
    childpos = 2 * pos
  end
  heap[pos] = newitem
  siftdown(heap, startpos, pos, less)
end

function heapq.push(heap, item, less)
  heap[#heap + 1] = item
  siftdown(heap, 1, #heap, less or default_less)
end

function heapq.pop(heap, less)
  local size = #heap
  if size == 0 then error("heapq.pop: the heap is empty", 2) end
  local last = heap[size]
  heap[size] = nil
  if size == 1 then return last end
  local top = heap[1]
  heap[1] = last
  siftup(heap, 1, less or default_less)
  return top
end

return heapq
)lua";
}

}  // namespace tile
