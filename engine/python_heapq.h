// CPython's heapq sifts (Lib/heapq.py's _siftdown and _siftup) on a 0-based vector, under any
// comparison `less`. The engine's frontier sifts with its own strict order; the judge replays a
// student's heap with a comparison that may also answer true for equal entries (`<=`), and must
// move entries exactly as the frontier does otherwise, so both call these two.
#pragma once

#include <cstddef>
#include <vector>

namespace tile::python_heapq {

// _siftdown: the entry at `pos` moves towards `start` while it is less than its parent (a push
// calls it with start 0 and the new last entry).
template <class Entry, class Less>
void sift_down(std::vector<Entry>& heap, std::size_t start, std::size_t pos, Less less) {
  const Entry item = heap[pos];
  while (pos > start) {
    const std::size_t parent = (pos - 1) >> 1;
    if (!less(item, heap[parent])) break;
    heap[pos] = heap[parent];
    pos = parent;
  }
  heap[pos] = item;
}

// _siftup: the entry at `pos` sinks to a leaf along the smaller children (the right one unless
// the left is less), then moves back up with sift_down (a pop calls it at 0 after moving the last
// entry there).
template <class Entry, class Less>
void sift_up(std::vector<Entry>& heap, std::size_t pos, Less less) {
  const std::size_t end = heap.size();
  const std::size_t start = pos;
  const Entry item = heap[pos];
  std::size_t child = 2 * pos + 1;
  while (child < end) {
    const std::size_t right = child + 1;
    if (right < end && !less(heap[child], heap[right])) child = right;
    heap[pos] = heap[child];
    pos = child;
    child = 2 * pos + 1;
  }
  heap[pos] = item;
  sift_down(heap, start, pos, less);
}

}  // namespace tile::python_heapq
