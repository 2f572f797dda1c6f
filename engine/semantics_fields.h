// Each semantics field declared once (as RE2's Options, Fast Downward's option declarations): its
// name, its member, its default per algorithm, which searches it can change, what bibfs and the
// fast solver accept of it, and what it means. resolve(), describe(), the JSON reader and writer
// (grader/spec/semantics_json.cpp), the judge's field loop and pair merge, the refusals of bibfs
// and of the fast solver, `solve --help` and docs/semantics.md's table all walk kSemanticsFields;
// adding a field is one row here (and, for a new enum, its values in semantics_values.h) plus the
// engine's behaviour.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include "engine/semantics.h"
#include "engine/semantics_values.h"

namespace tile {

template <class T>
struct Unset {  // a member written as std::optional<V>: unset means "the algorithm's default"
  using Value = T;
  using Resolved = T;  // its type in ResolvedSemantics
  static constexpr bool optional = false;
};
template <class T>
struct Unset<std::optional<T>> {
  using Value = T;
  using Resolved = T;
  static constexpr bool optional = true;
};
// A whole number left unset is a value of its own, none (depth_limit: no limit), kept as such in
// ResolvedSemantics; only enums and lists take a default per algorithm.
template <>
struct Unset<std::optional<int>> {
  using Value = int;
  using Resolved = std::optional<int>;
  static constexpr bool optional = true;
};

// One row. Member is the type of the Semantics member: V, or std::optional<V> for a field whose
// default depends on the algorithm (or, for depth_limit, where unset means "none").
template <class Member>
struct SemanticsField {
  using Value = typename Unset<Member>::Value;
  using Resolved = typename Unset<Member>::Resolved;
  static constexpr bool kOptional = Unset<Member>::optional;

  std::string_view name;
  Member Semantics::*member;
  Resolved ResolvedSemantics::*resolved;  // the same field once resolved
  // What resolve() fills an unset member with, per algorithm; nullptr: unset means none (for an
  // optional member) or the member's initializer is every algorithm's default.
  Value (*unset_default)(Algorithm) = nullptr;
  // Whether a search of this algorithm with these (resolved) semantics can be changed by the
  // field; nullptr: every search. `applies_when` says the same for the docs.
  bool (*applies)(Algorithm, const ResolvedSemantics&) = nullptr;
  std::string_view applies_when = {};
  // bibfs accepts only its own default for the field; the one-line refusal otherwise ("{}": the
  // value given). Empty: bibfs takes any value.
  std::string_view bibfs_refusal = {};
  // The fast solver (engine/fast_path.h) runs only idastar's default of this field.
  bool fast_path_default_only = false;
  // Whole-number fields: the values accepted.
  int min = 0;
  int max = 0;
  std::string_view meaning = {};  // docs/semantics.md's column
};

namespace field_rules {

constexpr bool idastar(Algorithm a, const ResolvedSemantics&) { return a == Algorithm::Idastar; }
constexpr bool bibfs(Algorithm a, const ResolvedSemantics&) { return a == Algorithm::Bibfs; }
constexpr bool iterative(Algorithm a, const ResolvedSemantics&) {
  return a == Algorithm::Iddfs || a == Algorithm::Idastar;
}
constexpr bool depth_limited(Algorithm a, const ResolvedSemantics& s) {
  return s.depth_limit || a == Algorithm::Dls || iterative(a, s);
}
// Only marking on push ever reads the start's mark.
constexpr bool marks_on_push(Algorithm, const ResolvedSemantics& s) {
  return s.duplicates == Duplicates::OnPush;
}
// A parent can be overwritten only where a state is pushed again: never when states are marked on
// push (the start included), and a tree search keeps no table of parents.
constexpr bool pushes_again(Algorithm, const ResolvedSemantics& s) {
  return s.duplicates != Duplicates::None &&
         (s.duplicates != Duplicates::OnPush || s.start_marked == StartMarked::No);
}

constexpr Duplicates duplicates(Algorithm a) {
  switch (a) {
    case Algorithm::Bfs:
    case Algorithm::Bibfs:
    case Algorithm::Dfs:
    case Algorithm::Dls:
    case Algorithm::Iddfs: return Duplicates::OnPush;
    case Algorithm::Idastar: return Duplicates::None;
    default: return Duplicates::ClosedOnPop;
  }
}
inline PushOrder push_order(Algorithm a) {
  return is_depth_first(a) ? PushOrder::Reverse : PushOrder::Forward;
}
inline std::vector<TieKey> tie_break(Algorithm a) {
  return {is_depth_first(a) ? TieKey::Lifo : TieKey::Fifo};
}
constexpr CycleCheck cycle_check(Algorithm a) {
  return a == Algorithm::Idastar ? CycleCheck::ReverseMove : CycleCheck::None;
}

}  // namespace field_rules

// The rows, in the order describe(), the JSON writer and error messages list the fields.
inline constexpr auto kSemanticsFields = std::tuple{
    SemanticsField<std::array<Move, kMoveCount>>{
        .name = "action_order",
        .member = &Semantics::action_order,
        .resolved = &ResolvedSemantics::action_order,
        .meaning = "order in which successors are generated"},
    SemanticsField<GoalTest>{
        .name = "goal_test",
        .member = &Semantics::goal_test,
        .resolved = &ResolvedSemantics::goal_test,
        .bibfs_refusal = "goal_test does not apply to bibfs: its two searches meet instead "
                         "(meet_test); leave goal_test out",
        .fast_path_default_only = true,
        .meaning = "when a state is compared with the goal (on-generate also tests the start; "
                   "on-generate-not-start tests only generated children, as students who forget "
                   "the start do: a search started at the goal wanders off)"},
    SemanticsField<std::optional<Duplicates>>{
        .name = "duplicates",
        .member = &Semantics::duplicates,
        .resolved = &ResolvedSemantics::duplicates,
        .unset_default = field_rules::duplicates,
        .bibfs_refusal = "bibfs marks states on push on both sides: duplicates must be on-push, "
                         "not {}",
        .fast_path_default_only = true,
        .meaning = "see below"},
    SemanticsField<std::optional<PushOrder>>{
        .name = "push_order",
        .member = &Semantics::push_order,
        .resolved = &ResolvedSemantics::push_order,
        .unset_default = field_rules::push_order,
        .fast_path_default_only = true,
        .meaning = "order in which one node's children enter the frontier; `reverse` makes a "
                   "stack pop them in `action_order`"},
    SemanticsField<std::optional<int>>{
        .name = "depth_limit",
        .member = &Semantics::depth_limit,
        .resolved = &ResolvedSemantics::depth_limit,
        .bibfs_refusal = "bibfs has no depth_limit: leave it out",
        .fast_path_default_only = true,
        .min = 0,
        .max = 1'000'000,
        .meaning = "nodes deeper than this are not pushed (dls; caps iddfs rounds)"},
    SemanticsField<AtDepthLimit>{
        .name = "at_depth_limit",
        .member = &Semantics::at_depth_limit,
        .resolved = &ResolvedSemantics::at_depth_limit,
        .applies = field_rules::depth_limited,
        .applies_when = "dls, iddfs, idastar, and searches with a `depth_limit`",
        .meaning = "a node at the depth limit (dls, each iddfs round, any search with "
                   "`depth_limit`): `expand` expands it and drops its too-deep children; "
                   "`cut-off` goal-tests it (on pop) and does nothing more, as AIMA's recursive "
                   "depth-limited search (`if limit == 0: return cutoff`; aima-python's "
                   "`depth_limited_search`)"},
    SemanticsField<RoundBound>{
        .name = "round_bound",
        .member = &Semantics::round_bound,
        .resolved = &ResolvedSemantics::round_bound,
        .applies = field_rules::idastar,
        .applies_when = "idastar",
        .fast_path_default_only = true,
        .meaning = "what bounds idastar's rounds: `f` is Korf's IDA* (a child with `g + h` above "
                   "the bound is not pushed; the next bound is the smallest such `f`); `depth` "
                   "makes each round a depth-limited search in which `f` never prunes, the limit "
                   "starting at `h(start)` and jumping to the smallest `g + h` that the limit cut "
                   "off (at least one level deeper)"},
    SemanticsField<std::optional<std::vector<TieKey>>>{
        .name = "tie_break",
        .member = &Semantics::tie_break,
        .resolved = &ResolvedSemantics::tie_break,
        .unset_default = field_rules::tie_break,
        .bibfs_refusal = "bibfs's frontiers are first-in first-out queues: tie_break must be "
                         "[\"fifo\"]",
        .fast_path_default_only = true,
        .meaning = "order among equal priorities, first key first (`[]` with `python-heapq`: the "
                   "heap compares the priority alone)"},
    SemanticsField<QueueKind>{
        .name = "queue",
        .member = &Semantics::queue,
        .resolved = &ResolvedSemantics::queue,
        .bibfs_refusal = "bibfs's frontiers are first-in first-out queues: queue must be stable, "
                         "not {}",
        .fast_path_default_only = true,
        .meaning = "`stable`: the chain, ending in insertion order, is a total order. "
                   "`python-heapq`: CPython's `heapq` push/pop reproduced exactly, comparing only "
                   "the priority and the listed keys (`[]` compares the priority alone). "
                   "`binary-heap`: the textbook heap a student writes by hand (CLRS's "
                   "MIN-HEAP-INSERT and HEAP-EXTRACT-MIN: the last entry moves to the root and "
                   "sinks while a child is strictly smaller, the left one on a tie), comparing the "
                   "same way; its pushes are heapq's, its pops order ties differently"},
    SemanticsField<CostModel>{
        .name = "cost",
        .member = &Semantics::cost,
        .resolved = &ResolvedSemantics::cost,
        .fast_path_default_only = true,
        .meaning = "step cost: `unit` 1, `tile` the number on the tile that slides; "
                   "`blank-cell` and `destination-cell`, mistakes the judge names: the number "
                   "(1-based, row by row) of the cell the blank leaves, or of the cell it moves "
                   "into"},
    SemanticsField<CountKind>{
        .name = "count",
        .member = &Semantics::count,
        .resolved = &ResolvedSemantics::count,
        .meaning = "which counter is \"the\" count an assignment checks"},
    SemanticsField<std::optional<CycleCheck>>{
        .name = "cycle_check",
        .member = &Semantics::cycle_check,
        .resolved = &ResolvedSemantics::cycle_check,
        .unset_default = field_rules::cycle_check,
        .bibfs_refusal = "bibfs marks every state it reaches, so it has no cycle_check: leave it "
                         "out",
        .fast_path_default_only = true,
        .meaning = "`reverse-move`: never generate the move that undoes the previous one (Korf's "
                   "IDA*); `path`: a child whose state is on the path from the root is generated, "
                   "then dropped (aima-python's `iterative_deepening_astar_search`)"},
    SemanticsField<RoundGrowth>{
        .name = "round_growth",
        .member = &Semantics::round_growth,
        .resolved = &ResolvedSemantics::round_growth,
        .applies = field_rules::idastar,
        .applies_when = "idastar",
        .fast_path_default_only = true,
        .meaning = "how idastar's bound grows between rounds: `next-f` to the smallest `f` the "
                   "last round cut off (under `round_bound: depth`, at least one level deeper); "
                   "`plus-one` by one each round (`bound += 1`); `plus-two` by two (`bound += 2`). "
                   "iddfs always deepens by one level"},
    SemanticsField<RoundsCounted>{
        .name = "rounds_counted",
        .member = &Semantics::rounds_counted,
        .resolved = &ResolvedSemantics::rounds_counted,
        .applies = field_rules::iterative,
        .applies_when = "iddfs, idastar",
        .fast_path_default_only = true,
        .meaning = "`all` adds the counters up over every round; `last` reports the last round's "
                   "counters alone (a counter reset at the start of each round). The trace lists "
                   "every round either way"},
    SemanticsField<StartMarked>{
        .name = "start_marked",
        .member = &Semantics::start_marked,
        .resolved = &ResolvedSemantics::start_marked,
        .applies = field_rules::marks_on_push,
        .applies_when = "searches with `duplicates: on-push`",
        .bibfs_refusal = "bibfs marks the start and the goal when it begins: start_marked must be "
                         "yes",
        .fast_path_default_only = true,
        .meaning = "`no` leaves the start unmarked when the search begins, so a child that "
                   "reaches it is marked and pushed, and the start is expanded a second time (BFS "
                   "code whose visited set starts empty)"},
    SemanticsField<ParentLink>{
        .name = "parent_link",
        .member = &Semantics::parent_link,
        .resolved = &ResolvedSemantics::parent_link,
        .applies = field_rules::pushes_again,
        .applies_when = "searches that can push a state twice: not `duplicates: none`, nor "
                        "`on-push` with the start marked",
        .fast_path_default_only = true,
        .meaning = "which parent a path follows when a state is pushed more than once: `first` "
                   "each node keeps the one that generated it; `last` one parent per state, "
                   "overwritten at every push (a `parent` table written on push), and the path is "
                   "read back from the goal (popped: its state's last push; found on generate: "
                   "the child just made) through each state's last parent until the start's "
                   "state"},
    SemanticsField<int>{
        .name = "count_offset",
        .member = &Semantics::count_offset,
        .resolved = &ResolvedSemantics::count_offset,
        .min = -1,
        .max = 1,
        .meaning = "added to the count the assignment checks (`count`), never below 0: `1` for a "
                   "counter that starts at 1 or also counts the goal, `-1` for one that leaves out "
                   "the start. Written as a number in JSON"},
    SemanticsField<MeetTest>{
        .name = "meet_test",
        .member = &Semantics::meet_test,
        .resolved = &ResolvedSemantics::meet_test,
        .applies = field_rules::bibfs,
        .applies_when = "bibfs",
        .meaning = "when the two searches meet. `on-generate`: a child just marked on its side "
                   "whose state the other side has reached (AIMA's BIBF-SEARCH); `on-pop`: a node "
                   "taken off its queue whose state the other side has reached, found before it "
                   "is expanded"},
    SemanticsField<MeetStop>{
        .name = "meet_stop",
        .member = &Semantics::meet_stop,
        .resolved = &ResolvedSemantics::meet_stop,
        .applies = field_rules::bibfs,
        .applies_when = "bibfs",
        .meaning = "`first` stops at the first meeting; `end-of-layer` lets the side that met "
                   "finish the layer it met in (on-generate: expanding it; on-pop: popping and "
                   "testing it) and keeps the shortest joined path, the first found on a tie"},
    SemanticsField<NextSide>{
        .name = "next_side",
        .member = &Semantics::next_side,
        .resolved = &ResolvedSemantics::next_side,
        .applies = field_rules::bibfs,
        .applies_when = "bibfs",
        .meaning = "which side works next: one node each in turn, one whole layer each in turn "
                   "(both starting with the start's side), or one whole layer of the side whose "
                   "queue is shorter (the start's side on a tie)"},
};

// Calls f(row) for every row, in order.
template <class F>
void for_each_semantics_field(F&& f) {
  std::apply([&](const auto&... field) { (f(field), ...); }, kSemanticsFields);
}

// Calls f(row) in order until one returns true; whether one did.
template <class F>
bool any_semantics_field(F&& f) {
  return std::apply([&](const auto&... field) { return (f(field) || ...); }, kSemanticsFields);
}

// The row of one member (`semantics_field(&Semantics::goal_test)`).
template <class Member>
const SemanticsField<Member>& semantics_field(Member Semantics::*member) {
  const SemanticsField<Member>* found = nullptr;
  for_each_semantics_field([&](const auto& field) {
    if constexpr (std::is_same_v<std::decay_t<decltype(field)>, SemanticsField<Member>>) {
      if (field.member == member) found = &field;
    }
  });
  return *found;  // every member has its row: tests/engine/semantics_fields_test.cpp
}

// A member as resolve() leaves it: an unset optional with a default per algorithm filled in.
template <class Member>
typename SemanticsField<Member>::Resolved resolved_member(const SemanticsField<Member>& field,
                                                          const Semantics& semantics,
                                                          Algorithm algorithm) {
  const Member& member = semantics.*field.member;
  using Row = SemanticsField<Member>;
  if constexpr (Row::kOptional && !std::is_same_v<typename Row::Resolved, Member>) {
    return member ? *member : field.unset_default(algorithm);
  } else {
    return member;
  }
}

// Whether the field can change this search (its row's `applies`, or always).
template <class Member>
bool field_applies(const SemanticsField<Member>& field, Algorithm algorithm,
                   const ResolvedSemantics& resolved) {
  return field.applies == nullptr || field.applies(algorithm, resolved);
}

// A value as describe(), docs and error messages write it.
template <NamedEnum E>
std::string value_text(E value) {
  return std::string(value_name(value));
}
std::string value_text(const std::vector<TieKey>& keys);  // [fifo, action]
std::string value_text(const std::array<Move, kMoveCount>& order);  // UDLR
std::string value_text(int number);

// A member as describe() writes it: an unset optional is "default" or, without one, "none".
template <class Member>
std::string member_text(const SemanticsField<Member>& field, const Member& member) {
  if constexpr (SemanticsField<Member>::kOptional) {
    if (!member) return field.unset_default ? "default" : "none";
    return value_text(*member);
  } else {
    return value_text(member);
  }
}

// A resolved member as describe() writes it (depth_limit's none: "none").
template <class Member>
std::string resolved_text(const SemanticsField<Member>&,
                          const typename SemanticsField<Member>::Resolved& value) {
  if constexpr (std::is_same_v<typename SemanticsField<Member>::Resolved, Member> &&
                SemanticsField<Member>::kOptional) {
    return value ? value_text(*value) : "none";
  } else {
    return value_text(value);
  }
}

}  // namespace tile
