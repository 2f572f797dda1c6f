// The observed search: every call a student's search made through the problem API, in order, as
// plain data (issue 33 part 1). The checks compare a run's expansions with the engine's; the
// forensic judge (grader/judge/observed_tree.h) reads this record instead, to point at the first
// step where the student's own run broke an invariant of its algorithm.
//
// Boards are interned: each distinct board the run touched is stored once, in first-seen order
// (the start first), and calls name it by index. Memory is bounded like `expansions`: the calls
// are kept while fewer than kKeptObservedExpansions successors calls and kKeptObservedCalls calls
// are kept; the counts cover every call, so a judge reading a cut record knows it is cut.
//
// Memory per kept expansion: an ObservedCall is 16 bytes (12 before it held its line), an
// ObservedChild 8, a Board 36. An 8-puzzle BFS expansion in the usual style is one successors
// call with ~2.7 children, one is_goal and ~2.7 key calls, and ~1.7 boards not seen before:
// 75 + 22 + 61 = ~160 bytes, so about 3.2 MB at the kept 20,000 expansions. Measured on the
// failing runs of classic-8puzzle's mutants and forensic scripts, the parent holding each vector
// at its exact size: 155 bytes for the BFS mutants (136 before the line), 163 to 175 for the DFS
// ones (144 to 152), 181 to 190 for A* (156 to 164); bench/RESULTS.md, 2026-12-07. The worst a
// script can make the record is every kept call on a board of its own: 160,000 calls, 80,000
// children, 240,000 boards, ~12 MB (~11 MB before the line). The recorder's index in the grading
// child adds 24 to 96 bytes a board (a table at most half full, doubled when it is); it never
// crosses the pipe.
#pragma once

#include <cstddef>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "engine/state_table.h"

namespace tile {

inline constexpr std::size_t kKeptObservedExpansions = 20'000;
inline constexpr std::size_t kKeptObservedCalls = 8 * kKeptObservedExpansions;

enum class ObservedCallKind : std::uint8_t { Successors = 0, IsGoal = 1, Heuristic = 2, Key = 3 };

struct ObservedCall {
  ObservedCallKind kind = ObservedCallKind::Successors;
  std::uint8_t child_count = 0;  // successors: how many children it returned
  std::uint32_t board = 0;       // index into ObservedSearch::boards
  std::uint32_t first_child = 0; // successors: its children are children[first_child, +count)
  // The line of the student's file the call was made from (issue 47): that of the innermost
  // function of the script's own chunk on the Lua stack, so a call made through pcall or from a
  // comparison heapq calls is the script's line that made it. 0: not known (no function of the
  // script's own on the stack).
  std::uint32_t line = 0;

  bool operator==(const ObservedCall&) const = default;
};
static_assert(sizeof(ObservedCall) == 16, "the memory notes above count 16 bytes a call");

struct ObservedChild {
  std::uint32_t board = 0;  // index into ObservedSearch::boards
  Move move = Move::Up;     // the move the child's entry named

  bool operator==(const ObservedChild&) const = default;
};

struct ObservedSearch {
  std::vector<Board> boards;        // distinct boards in first-seen order; [0] is the start
  std::vector<ObservedCall> calls;  // the kept prefix of the calls, in call order
  std::vector<ObservedChild> children;
  // Every call of each kind, kept or not, and every child successors returned.
  std::uint64_t successors_calls = 0;
  std::uint64_t children_returned = 0;
  std::uint64_t goal_tests = 0;
  std::uint64_t heuristic_calls = 0;
  std::uint64_t key_calls = 0;

  std::uint64_t total_calls() const {
    return successors_calls + goal_tests + heuristic_calls + key_calls;
  }
  // Every call was kept: what the record does not show did not happen.
  bool complete() const { return calls.size() == total_calls(); }
  bool operator==(const ObservedSearch&) const = default;
};

// Builds an ObservedSearch during a run (in the grading child). Throws std::bad_alloc when it
// cannot keep a call; the counts are then still right.
//
// Interning::Deferred keeps each call's packed board during the run and interns them all only
// when finish() is called: the grading child calls it only for a run that fails its test
// (passing_run.h), since nothing reads a passing run's calls. Until then the record holds its
// counts and its start alone. Interning::Eager (tests) keeps the record whole after every call.
// The calls kept while deferred cost 24 bytes each and 24 a child, freed by finish().
class ObservedSearchRecorder {
 public:
  enum class Interning { Eager, Deferred };
  explicit ObservedSearchRecorder(ObservedSearch& record, const Board& start,
                                  Interning interning = Interning::Eager);
  // `line`: ObservedCall::line, where the script made the call (0: not known).
  void successors(const Board& board, const Board* children, const Move* moves, int count,
                  std::uint32_t line);
  void call(ObservedCallKind kind, const Board& board, std::uint32_t line);
  // Interns the calls kept since the last finish() into the record, in call order, the same
  // record as Interning::Eager makes. Throws std::bad_alloc when it cannot.
  void finish();
  // Whether the next call will be kept: past the kept prefix only its count is, so the caller
  // need not find the line it was made from.
  bool keeping() const;

 private:
  struct PendingCall {
    PackedState board;
    ObservedCallKind kind = ObservedCallKind::Successors;
    std::uint8_t child_count = 0;
    std::uint32_t line = 0;  // in what was the padding after the kind: still 24 bytes
  };
  static_assert(sizeof(PendingCall) == 24, "a pending call costs what the notes above say");
  struct PendingChild {
    PackedState board;
    Move move = Move::Up;
  };
  // Boards are indexed by their packed key (one or two words), not their 36 bytes, in an open-
  // addressing table: interning is on every API call, and a node-based map of whole boards made
  // it the grading child's largest cost after Lua itself.
  class KeyIndex {
   public:
    // The index stored for `key`, or `fresh` newly stored for it (the bool says which).
    std::pair<std::uint32_t, bool> find_or_add(PackedState key, std::uint32_t fresh);

   private:
    static constexpr std::uint32_t kEmpty = ~std::uint32_t{0};
    struct Slot {
      PackedState key;
      std::uint32_t value = kEmpty;
    };
    void grow();
    std::vector<Slot> slots_;
    std::size_t size_ = 0;
  };
  std::uint32_t intern(PackedState key);
  ObservedSearch& record_;
  Shape shape_;
  bool eager_;
  std::size_t kept_calls_ = 0;  // pending or interned
  std::size_t kept_successors_ = 0;
  std::vector<PendingCall> pending_calls_;
  std::vector<PendingChild> pending_children_;
  KeyIndex index_;
  // The boards interned last, most of the next calls' boards: a search calls successors on the
  // board it just tested, and key or h on the children just returned. Found here, a board costs
  // a few compares instead of a probe of the index, which outgrows the processor's caches.
  struct Recent {
    PackedState key;
    std::uint32_t index = ~std::uint32_t{0};
  };
  static constexpr std::size_t kRecent = 8;
  std::array<Recent, kRecent> recent_{};
  std::size_t recent_next_ = 0;
};

}  // namespace tile
