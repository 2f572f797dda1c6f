// CPython's Lib/heapq.py for the differential model, transcribed over a std::vector of sort keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace model {

// A sort key: the priority, then one block per tie-break key. Variable-length blocks (a path) end
// in -1, below every letter, so that vector comparison is exactly the chained comparison.
using SortKey = std::vector<std::int64_t>;

// CPython's Lib/heapq.py, transcribed: heappush = append + _siftdown, heappop = pop the last, put
// it at the root, _siftup. Only `<` is ever used, so equal keys move exactly as in Python. Python's
// list holds references, so its assignments move items rather than copy them; so do these (a
// copied key would cost an allocation per step, most of the model's time under AddressSanitizer).
struct HeapItem {
  SortKey key;
  int node;
};

inline void py_siftdown(std::vector<HeapItem>& heap, std::size_t startpos, std::size_t pos) {
  HeapItem newitem = std::move(heap[pos]);
  while (pos > startpos) {
    const std::size_t parentpos = (pos - 1) >> 1;
    if (newitem.key < heap[parentpos].key) {
      heap[pos] = std::move(heap[parentpos]);
      pos = parentpos;
      continue;
    }
    break;
  }
  heap[pos] = std::move(newitem);
}

inline void py_siftup(std::vector<HeapItem>& heap, std::size_t pos) {
  const std::size_t endpos = heap.size();
  const std::size_t startpos = pos;
  HeapItem newitem = std::move(heap[pos]);
  std::size_t childpos = 2 * pos + 1;
  while (childpos < endpos) {
    const std::size_t rightpos = childpos + 1;
    if (rightpos < endpos && !(heap[childpos].key < heap[rightpos].key)) childpos = rightpos;
    heap[pos] = std::move(heap[childpos]);
    pos = childpos;
    childpos = 2 * pos + 1;
  }
  heap[pos] = std::move(newitem);
  py_siftdown(heap, startpos, pos);
}

inline void py_heappush(std::vector<HeapItem>& heap, HeapItem item) {
  heap.push_back(std::move(item));
  py_siftdown(heap, 0, heap.size() - 1);
}

inline HeapItem py_heappop(std::vector<HeapItem>& heap) {
  HeapItem lastelt = std::move(heap.back());
  heap.pop_back();
  if (!heap.empty()) {
    HeapItem returnitem = std::move(heap[0]);
    heap[0] = std::move(lastelt);
    py_siftup(heap, 0);
    return returnitem;
  }
  return lastelt;
}

// heapq.heapify: sift every parent up, the last first.
inline void py_heapify(std::vector<HeapItem>& heap) {
  for (std::size_t i = heap.size() / 2; i-- > 0;) py_siftup(heap, i);
}

}  // namespace model
