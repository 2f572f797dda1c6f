#include "grader/student/observed_search.h"

#include <algorithm>

namespace tile {

namespace {

std::size_t hash_of(const PackedState& key) {
  // splitmix64's finaliser over both words: the keys' low bits alone (the first cells' tiles)
  // would crowd a few slots.
  std::uint64_t x = key.lo ^ (key.hi * 0x9e3779b97f4a7c15ULL);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return static_cast<std::size_t>(x ^ (x >> 31));
}

// Room for `more` elements past `items`' size, at least doubling the capacity when it grows.
template <typename T>
void reserve_for(std::vector<T>& items, std::size_t more) {
  const std::size_t needed = items.size() + more;
  if (needed > items.capacity()) items.reserve(std::max(needed, 2 * items.capacity()));
}

}  // namespace

std::pair<std::uint32_t, bool> ObservedSearchRecorder::KeyIndex::find_or_add(
    PackedState key, std::uint32_t fresh) {
  if (2 * (size_ + 1) > slots_.size()) grow();  // at most half full: short probe runs
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t at = hash_of(key) & mask;; at = (at + 1) & mask) {
    Slot& slot = slots_[at];
    if (slot.value == kEmpty) {
      slot.key = key;
      slot.value = fresh;
      ++size_;
      return {fresh, true};
    }
    if (slot.key == key) return {slot.value, false};
  }
}

void ObservedSearchRecorder::KeyIndex::grow() {
  // The larger table is made before the old one is let go: a bad_alloc leaves the index whole.
  std::vector<Slot> larger(slots_.empty() ? 1024 : 2 * slots_.size());
  const std::size_t mask = larger.size() - 1;
  for (const Slot& slot : slots_) {
    if (slot.value == kEmpty) continue;
    std::size_t at = hash_of(slot.key) & mask;
    while (larger[at].value != kEmpty) at = (at + 1) & mask;
    larger[at] = slot;
  }
  slots_ = std::move(larger);
}

ObservedSearchRecorder::ObservedSearchRecorder(ObservedSearch& record, const Board& start,
                                               Interning interning)
    : record_(record), shape_(start.shape), eager_(interning == Interning::Eager) {
  intern(pack(start));
}

bool ObservedSearchRecorder::keeping() const {
  // Once one call is dropped, none after it is kept: the record is a prefix, never a sample.
  return kept_calls_ == record_.total_calls() && kept_calls_ < kKeptObservedCalls &&
         kept_successors_ < kKeptObservedExpansions;
}

std::uint32_t ObservedSearchRecorder::intern(PackedState key) {
  for (const Recent& recent : recent_) {
    if (recent.key == key && recent.index != ~std::uint32_t{0}) return recent.index;
  }
  // Room for the board first, so that a failed allocation leaves the index and the boards agreeing.
  std::vector<Board>& boards = record_.boards;
  if (boards.size() == boards.capacity()) {
    boards.reserve(std::max<std::size_t>(64, 2 * boards.size()));
  }
  const auto [index, added] = index_.find_or_add(key, static_cast<std::uint32_t>(boards.size()));
  if (added) boards.push_back(unpack(key, shape_));  // pack is one-to-one within a shape
  recent_[recent_next_++ % kRecent] = {key, index};
  return index;
}

void ObservedSearchRecorder::successors(const Board& board, const Board* children,
                                        const Move* moves, int count, std::uint32_t line) {
  const bool keep = keeping();
  ++record_.successors_calls;
  record_.children_returned += static_cast<std::uint64_t>(count);
  if (!keep) return;
  // The children before their call: a failed allocation leaves at most children no call names,
  // past the last call's, which finish() never reads.
  for (int i = 0; i < count; ++i) pending_children_.push_back({pack(children[i]), moves[i]});
  pending_calls_.push_back({pack(board), ObservedCallKind::Successors,
                            static_cast<std::uint8_t>(count), line});
  ++kept_calls_;
  ++kept_successors_;
  if (eager_) finish();
}

void ObservedSearchRecorder::call(ObservedCallKind kind, const Board& board,
                                  std::uint32_t line) {
  const bool keep = keeping();
  switch (kind) {
    case ObservedCallKind::Successors: ++record_.successors_calls; break;
    case ObservedCallKind::IsGoal: ++record_.goal_tests; break;
    case ObservedCallKind::Heuristic: ++record_.heuristic_calls; break;
    case ObservedCallKind::Key: ++record_.key_calls; break;
  }
  if (!keep) return;
  pending_calls_.push_back({pack(board), kind, 0, line});
  ++kept_calls_;
  if (eager_) finish();
}

void ObservedSearchRecorder::finish() {
  // Room for every pending call and child first, so that a failed allocation leaves the record
  // as it was; grown geometrically, since an eager recorder finishes after every call and room
  // for exactly one more each time copies the whole record each time.
  reserve_for(record_.calls, pending_calls_.size());
  reserve_for(record_.children, pending_children_.size());
  std::size_t child = 0;
  for (const PendingCall& pending : pending_calls_) {
    ObservedCall call;
    call.kind = pending.kind;
    call.board = intern(pending.board);
    call.line = pending.line;
    if (pending.kind == ObservedCallKind::Successors) {
      call.first_child = static_cast<std::uint32_t>(record_.children.size());
      call.child_count = pending.child_count;
      for (std::uint8_t i = 0; i < pending.child_count; ++i, ++child) {
        const PendingChild& made = pending_children_[child];
        record_.children.push_back({intern(made.board), made.move});
      }
    }
    record_.calls.push_back(call);
  }
  pending_calls_.clear();
  pending_children_.clear();
}

}  // namespace tile
