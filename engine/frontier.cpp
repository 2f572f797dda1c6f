#include "engine/frontier.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <utility>

#include "engine/python_heapq.h"

namespace tile {

Frontier::Frontier(std::vector<TieKey> chain, QueueKind queue, const NodeStore& nodes,
                   bool allow_buckets)
    : chain_(std::move(chain)), queue_(queue), nodes_(nodes) {
  const bool has_order_key =
      std::find(chain_.begin(), chain_.end(), TieKey::Fifo) != chain_.end() ||
      std::find(chain_.begin(), chain_.end(), TieKey::Lifo) != chain_.end();
  if (queue == QueueKind::Stable && !has_order_key) chain_.push_back(TieKey::Fifo);
  if (queue == QueueKind::Stable && allow_buckets && !chain_.empty()) {
    if (chain_.front() == TieKey::Fifo) mode_ = Mode::BucketFifo;
    if (chain_.front() == TieKey::Lifo) mode_ = Mode::BucketLifo;
  }
}

Handles::Handles(const Handles& other) : size_(other.size_), capacity_(other.size_) {
  if (capacity_ == 0) return;
  data_ = static_cast<std::uint32_t*>(std::malloc(capacity_ * sizeof(std::uint32_t)));
  if (!data_) throw std::bad_alloc();
  std::memcpy(data_, other.data_, size_ * sizeof(std::uint32_t));
}

void Handles::grow() {
  const std::size_t capacity = capacity_ == 0 ? 64 : capacity_ * 2;
  auto* data = static_cast<std::uint32_t*>(std::realloc(data_, capacity * sizeof(std::uint32_t)));
  if (!data) throw std::bad_alloc();
  data_ = data;
  capacity_ = capacity;
}

std::size_t Frontier::memory_bytes() const {
  return heap_.capacity() * sizeof(Entry) + size_ * sizeof(Entry) +
         buckets_.size() * sizeof(Bucket);
}

const std::string& Frontier::path_of(std::uint32_t node) const {
  // Grown to the whole node store at once, so that it grows seldom.
  if (path_cache_.size() <= node) {
    path_cache_.resize(nodes_.size());
    path_cached_.resize(nodes_.size(), false);
  }
  if (!path_cached_[node]) {
    path_cache_[node] = nodes_.path_letters(node);
    path_cached_[node] = true;
  }
  return path_cache_[node];
}

int Frontier::compare_key(TieKey key, const Entry& a, const Entry& b) const {
  auto three_way = [](auto x, auto y) { return x < y ? -1 : (y < x ? 1 : 0); };
  const Node& na = nodes_[a.node];
  const Node& nb = nodes_[b.node];
  switch (key) {
    case TieKey::Fifo: return three_way(a.seq, b.seq);
    case TieKey::Lifo: return three_way(b.seq, a.seq);
    case TieKey::Action: return three_way(na.action_rank, nb.action_rank);
    case TieKey::State: return compare_tiles(na.key, nb.key, nodes_.shape().cells());
    case TieKey::Path:
      // Both paths are cached before either is read: caching one may grow the cache and move
      // the other.
      path_of(a.node);
      path_of(b.node);
      return path_of(a.node).compare(path_of(b.node));
    case TieKey::ParentLifo:
      return three_way(nodes_.parent_expansion(b.node), nodes_.parent_expansion(a.node));
    case TieKey::HLow: return three_way(nodes_.h(a.node), nodes_.h(b.node));
    case TieKey::GHigh: return three_way(nb.g, na.g);
    case TieKey::GLow: return three_way(na.g, nb.g);
  }
  return 0;
}

bool Frontier::less(const Entry& a, const Entry& b) const {
  if (a.priority != b.priority) return a.priority < b.priority;
  for (TieKey key : chain_) {
    const int order = compare_key(key, a, b);
    if (order != 0) return order < 0;
  }
  return false;
}

void Frontier::remove(std::uint32_t node) {
  --size_;
  if (queue_ != QueueKind::Stable) {
    const auto at = std::find_if(heap_.begin(), heap_.end(),
                                 [node](const Entry& entry) { return entry.node == node; });
    heap_.erase(at);
    heapify();
    return;
  }
  if (removed_.size() <= node) removed_.resize(std::size_t{node} + 1, false);
  removed_[node] = true;
}

void Frontier::push_slow(std::int64_t priority, std::uint32_t node) {
  if (mode_ != Mode::Heap) move_buckets_to_heap();  // a priority out of the buckets' range
  heap_push(Entry{priority, node, next_seq_++});
}

std::uint32_t Frontier::take_from_heap() { return heap_pop().node; }

// The heap orders by (priority, fifo or lifo, ...): entries of different buckets differ in
// priority, so only the order within a bucket matters, and numbering each bucket's entries in
// insertion order keeps it. The numbers are below every number given out so far, so entries
// pushed later still come after them.
void Frontier::move_buckets_to_heap() {
  mode_ = Mode::Heap;
  std::uint64_t seq = 0;
  for (std::size_t priority = 0; priority < buckets_.size(); ++priority) {
    const Bucket& bucket = buckets_[priority];
    for (std::size_t i = bucket.head; i < bucket.nodes.size(); ++i) {
      heap_push(Entry{static_cast<std::int64_t>(priority), bucket.nodes[i], seq++});
    }
  }
  buckets_.clear();
}

// The functions below follow CPython's Lib/heapq.py line for line (heappush, heappop, heapify,
// _siftdown, _siftup: engine/python_heapq.h, which the judge's heap replay shares), comparing with
// less() only, so that equal entries move exactly as they do in Python. A stable chain never has
// equal entries, so there the algorithm choice is invisible.
void Frontier::heap_push(const Entry& entry) {
  heap_.push_back(entry);
  sift_down(0, heap_.size() - 1);
}

Frontier::Entry Frontier::heap_pop() {
  Entry last = heap_.back();
  heap_.pop_back();
  if (heap_.empty()) return last;
  Entry top = heap_[0];
  heap_[0] = last;
  if (queue_ == QueueKind::BinaryHeap) {
    min_heapify(0);
  } else {
    sift_up(0);
  }
  return top;
}

// BUILD-MIN-HEAP under binary-heap (the entry a replacement deletes, as the Python code does).
void Frontier::heapify() {
  for (std::size_t i = heap_.size() / 2; i-- > 0;) {
    if (queue_ == QueueKind::BinaryHeap) {
      min_heapify(i);
    } else {
      sift_up(i);
    }
  }
}

// CLRS's MIN-HEAPIFY, iterative: swap with the smaller child while it is strictly smaller than the
// entry; between equal children the left one. (Insertion needs no function of its own: CLRS's
// HEAP-DECREASE-KEY loop is sift_down's, moving up while strictly smaller than the parent.)
void Frontier::min_heapify(std::size_t pos) {
  const std::size_t end = heap_.size();
  for (;;) {
    const std::size_t left = 2 * pos + 1;
    const std::size_t right = left + 1;
    std::size_t smallest = pos;
    if (left < end && less(heap_[left], heap_[smallest])) smallest = left;
    if (right < end && less(heap_[right], heap_[smallest])) smallest = right;
    if (smallest == pos) return;
    std::swap(heap_[pos], heap_[smallest]);
    pos = smallest;
  }
}

void Frontier::sift_down(std::size_t start, std::size_t pos) {
  python_heapq::sift_down(heap_, start, pos,
                          [this](const Entry& a, const Entry& b) { return less(a, b); });
}

void Frontier::sift_up(std::size_t pos) {
  python_heapq::sift_up(heap_, pos, [this](const Entry& a, const Entry& b) { return less(a, b); });
}

std::vector<std::uint32_t> Frontier::first_entries(std::size_t count) const {
  std::vector<std::uint32_t> out;
  if (count == 0 || empty()) return out;
  Frontier copy(*this);
  while (out.size() < count && !copy.empty()) out.push_back(copy.pop());
  return out;
}

}  // namespace tile
