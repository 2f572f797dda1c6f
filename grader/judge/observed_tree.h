// The observed search tree (issue 33 part 2): what a student's run did, read from its record of
// problem-API calls (grader/student/observed_search.h) and nothing else. Each board the run
// touched is a node, matched by value: the expansion that first generated it (its parent), its
// depth and g along those first links, h when the task has a heuristic, and when it was first
// generated, expanded and goal-tested. The invariants (grader/judge/invariants.h) are checked on
// it, step by step.
//
// Steps are counted as the student reads them: expansion 1 is the first problem:successors call.
// A board generated at expansion k was among the children of that call; "never" is nullopt.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/board.h"
#include "engine/heuristic.h"
#include "engine/semantics.h"
#include "grader/student/observed_search.h"

namespace tile {

struct ObservedNode {
  Board board;
  // The expansion that first generated it and the board it expanded, the move between them.
  std::optional<std::size_t> generated_at = {};
  std::optional<std::uint32_t> parent = {};  // index of the parent's node
  Move move = Move::Up;
  // Along the first-generation links from the start; nullopt when the chain does not reach it.
  std::optional<int> depth = {};
  std::optional<std::int64_t> g = {};
  std::optional<std::int64_t> h = {};  // the task's heuristic, when it has one
  std::optional<std::size_t> expanded_at = {};     // its first expansion
  std::size_t times_expanded = 0;
  std::optional<std::size_t> goal_tested_at = {};  // the expansions made before its first goal test
  // The line of the student's file its first problem:is_goal call was made from (0: none, or not
  // known): ObservedCall::line.
  std::uint32_t goal_tested_line = 0;
};

struct ObservedExpansion {
  std::uint32_t node = 0;   // the board expanded
  std::size_t call = 0;     // its index in ObservedSearch::calls
  // Its children, in the order problem:successors returned them: ObservedTree::children
  // [first_child, first_child + child_count). The frontier checks read every generation, not
  // only the first.
  std::uint32_t first_child = 0;
  std::uint8_t child_count = 0;
  std::uint32_t line = 0;  // where the script called problem:successors (ObservedCall::line)
};

struct ObservedTree {
  std::vector<ObservedNode> nodes;  // indexed like ObservedSearch::boards; [0] is the start
  std::vector<ObservedExpansion> expansions;  // in order: expansion k is expansions[k - 1]
  std::vector<ObservedChild> children;        // as ObservedSearch::children, node indices
  // The first expansion of a board the run had never generated and that is not the start: a
  // state the script changed in place or built itself. Nullopt when there is none.
  std::optional<std::size_t> expanded_ungenerated = {};
  bool complete = true;  // the record held every call (ObservedSearch::complete)

  std::optional<std::uint32_t> find(const Board& board) const;
};

// `heuristic` may be null (no h then). The record's boards[0] must be the start.
ObservedTree build_observed_tree(const ObservedSearch& observed, CostModel cost,
                                 Heuristic* heuristic);

}  // namespace tile
