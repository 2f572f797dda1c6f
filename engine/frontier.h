// The open list: a priority queue of node handles ordered by (priority, tie-break chain).
//
// `queue: stable` makes the chain a total order by ending it in insertion order (fifo unless the
// chain already names fifo or lifo), so the pop sequence does not depend on the heap algorithm.
// `queue: python-heapq` compares only the priority and the listed keys and reproduces CPython's
// heapq sift-up/sift-down exactly, so entries that compare equal come out in the order a Python
// notebook's heap would give them. `queue: binary-heap` compares the same way but pops as the
// textbook heap a student writes by hand (CLRS): the last entry moves to the root and sinks while
// a child is strictly smaller, the left child on a tie, where CPython sinks it to a leaf first.
//
// When the chain starts with fifo or lifo under `stable`, a bucket queue gives the same order as
// the heap in O(1) per operation (BFS, DFS and unit-cost A* all hit this path): each bucket is an
// array of node handles, 4 bytes an entry, whose order is the insertion order, so no entry needs
// its priority or sequence number. It hands its entries over to the heap the first time a
// priority falls outside its range.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "engine/node.h"
#include "engine/semantics.h"

namespace tile {

// Node handles in one growable array whose append is a store and an increment, inline: the
// std::vector it replaces cost a call at every push of every search (the compiler declined to
// inline push_back into the loop). Grows by doubling, out of line.
class Handles {
 public:
  Handles() = default;
  Handles(const Handles& other);
  Handles(Handles&& other) noexcept { swap(other); }
  Handles& operator=(Handles other) noexcept {
    swap(other);
    return *this;
  }
  ~Handles() { std::free(data_); }

  [[gnu::always_inline]] void push_back(std::uint32_t node) {
    if (size_ == capacity_) [[unlikely]] grow();
    data_[size_++] = node;
  }
  std::uint32_t back() const { return data_[size_ - 1]; }
  void pop_back() { --size_; }
  std::uint32_t operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  void clear() { size_ = 0; }
  void swap(Handles& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

 private:
  void grow();
  std::uint32_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

class Frontier {
 public:
  // allow_buckets=false forces the general heap: differential tests use it to prove the buckets
  // are only an optimisation.
  Frontier(std::vector<TieKey> chain, QueueKind queue, const NodeStore& nodes, bool allow_buckets);

  // Inline, as the buckets they mostly use: every search pushes and pops each node once.
  [[gnu::always_inline]] void push(std::int64_t priority, std::uint32_t node) {
    ++size_;
    if (mode_ == Mode::Heap || priority < 0 || priority >= kMaxBucket) {
      return push_slow(priority, node);
    }
    ++next_seq_;
    const auto at = static_cast<std::size_t>(priority);
    if (buckets_.size() <= at) buckets_.resize(at + 1);
    Handles& nodes = buckets_[at].nodes;
    if (nodes.capacity() == 0) nodes.swap(spare_);
    nodes.push_back(node);
    if (at < lowest_bucket_) lowest_bucket_ = at;
  }
  std::uint32_t pop() {  // precondition: !empty()
    --size_;
    for (;;) {
      const std::uint32_t node = take();
      if (node >= removed_.size() || !removed_[node]) return node;
    }
  }
  // The handle that the pop `ahead` pops from now returns (0: the next pop) if nothing is pushed
  // or removed before it, when the bucket being drained holds it; else kNoNode. For prefetching
  // only: a push in between may make it wrong, and a wrong guess costs only the fetch.
  std::uint32_t peek(std::size_t ahead) const {
    if (mode_ == Mode::Heap || lowest_bucket_ >= buckets_.size()) return kNoNode;
    const Bucket& bucket = buckets_[lowest_bucket_];
    const std::size_t live = bucket.nodes.size() - bucket.head;
    if (ahead >= live) return kNoNode;
    return mode_ == Mode::BucketFifo ? bucket.nodes[bucket.head + ahead]
                                     : bucket.nodes[bucket.nodes.size() - 1 - ahead];
  }
  // Takes `node`, which must be on the frontier, off it (duplicates: replace-if-cheaper). Under
  // python-heapq it is what the Python code does, exactly: the entry is deleted from the list and
  // heapq.heapify restores the heap, which may reorder equal entries. Under stable the chain is a
  // total order, so the entry is only marked and skipped when it comes up: the same pops.
  void remove(std::uint32_t node);
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  std::size_t memory_bytes() const;
  bool using_buckets() const { return mode_ != Mode::Heap; }
  // The first `count` handles in the order they would pop, the frontier left as it is (a copy is
  // popped): for describing a search step by step, never for the loop itself.
  std::vector<std::uint32_t> first_entries(std::size_t count) const;

 private:
  struct Entry {
    std::int64_t priority;
    std::uint32_t node;
    std::uint64_t seq;  // insertion number: the keys fifo and lifo
  };
  enum class Mode { Heap, BucketFifo, BucketLifo };
  static constexpr std::int64_t kMaxBucket = 1 << 16;

  bool less(const Entry& a, const Entry& b) const;
  int compare_key(TieKey key, const Entry& a, const Entry& b) const;
  const std::string& path_of(std::uint32_t node) const;
  void heap_push(const Entry& entry);
  Entry heap_pop();
  void sift_down(std::size_t start, std::size_t pos);  // CPython heapq._siftdown
  void sift_up(std::size_t pos);                       // CPython heapq._siftup
  void min_heapify(std::size_t pos);                   // CLRS MIN-HEAPIFY (binary-heap)
  void heapify();                                      // CPython heapq.heapify
  void push_slow(std::int64_t priority, std::uint32_t node);  // the heap
  std::uint32_t take_from_heap();
  // The next entry, removed or not.
  std::uint32_t take() {
    if (mode_ == Mode::Heap) return take_from_heap();
    while (buckets_[lowest_bucket_].empty()) ++lowest_bucket_;
    Bucket& bucket = buckets_[lowest_bucket_];
    std::uint32_t node;
    if (mode_ == Mode::BucketFifo) {
      node = bucket.nodes[bucket.head++];
    } else {
      node = bucket.nodes.back();
      bucket.nodes.pop_back();
    }
    if (bucket.empty()) {  // drained: its array serves the next bucket opened
      bucket.nodes.clear();
      bucket.head = 0;
      if (bucket.nodes.capacity() > spare_.capacity()) bucket.nodes.swap(spare_);
    }
    return node;
  }
  void move_buckets_to_heap();

  std::vector<TieKey> chain_;
  QueueKind queue_;
  const NodeStore& nodes_;
  Mode mode_ = Mode::Heap;
  std::uint64_t next_seq_ = 0;
  std::size_t size_ = 0;
  std::vector<Entry> heap_;
  // One bucket per priority: handles in insertion order, the live ones from `head` on (a FIFO
  // bucket is read from the front, a LIFO one from the back).
  struct Bucket {
    Handles nodes;
    std::size_t head = 0;
    bool empty() const { return head == nodes.size(); }
  };
  std::vector<Bucket> buckets_;
  // The array of the last bucket drained, kept for the next bucket opened: BFS opens one bucket
  // per depth, and growing each from nothing was a twentieth of its time.
  Handles spare_;
  std::size_t lowest_bucket_ = 0;
  std::vector<bool> removed_;  // by node index, under stable: entries to skip
  mutable std::vector<std::string> path_cache_;
  mutable std::vector<bool> path_cached_;
};

}  // namespace tile
