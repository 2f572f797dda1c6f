// The textbook binary min-heap (CLRS, "Heapsort" and "Priority queues") for the differential model
// of `queue: binary-heap`, written as the book does, 1-based and recursive, with swaps: a student's
// hand-written heap. It shares the sort keys of model_heapq.h and compares them with `<` only.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "tests/engine/model_heapq.h"

namespace model {

// A[1..n] lives in heap[0..n-1]; these helpers speak the book's 1-based indices.
inline HeapItem& clrs_at(std::vector<HeapItem>& heap, std::size_t i) { return heap[i - 1]; }

// MIN-HEAPIFY(A, i): l = 2i, r = 2i + 1; the smallest of A[i], A[l], A[r] (strictly smaller wins,
// so the left child on a tie); swap and recurse when it is a child.
inline void clrs_min_heapify(std::vector<HeapItem>& heap, std::size_t i) {
  const std::size_t n = heap.size();
  const std::size_t l = 2 * i;
  const std::size_t r = 2 * i + 1;
  std::size_t smallest = i;
  if (l <= n && clrs_at(heap, l).key < clrs_at(heap, i).key) smallest = l;
  if (r <= n && clrs_at(heap, r).key < clrs_at(heap, smallest).key) smallest = r;
  if (smallest != i) {
    std::swap(clrs_at(heap, i), clrs_at(heap, smallest));
    clrs_min_heapify(heap, smallest);
  }
}

// MIN-HEAP-INSERT: put the key at A[n + 1], then HEAP-DECREASE-KEY's loop: while the parent's key
// is greater, swap with it.
inline void clrs_insert(std::vector<HeapItem>& heap, HeapItem item) {
  heap.push_back(std::move(item));
  std::size_t i = heap.size();
  while (i > 1 && clrs_at(heap, i).key < clrs_at(heap, i / 2).key) {
    std::swap(clrs_at(heap, i), clrs_at(heap, i / 2));
    i /= 2;
  }
}

// HEAP-EXTRACT-MIN: min = A[1]; A[1] = A[n]; n = n - 1; MIN-HEAPIFY(A, 1).
inline HeapItem clrs_extract_min(std::vector<HeapItem>& heap) {
  HeapItem min = std::move(clrs_at(heap, 1));
  clrs_at(heap, 1) = std::move(heap.back());
  heap.pop_back();
  if (!heap.empty()) clrs_min_heapify(heap, 1);
  return min;
}

// BUILD-MIN-HEAP: MIN-HEAPIFY every parent, the last first.
inline void clrs_build_min_heap(std::vector<HeapItem>& heap) {
  for (std::size_t i = heap.size() / 2; i >= 1; --i) clrs_min_heapify(heap, i);
}

}  // namespace model
