// The values of every semantics enum, each declared once with its name and, where a student reads
// it, what it does in plain words. The name functions and parsers of semantics.h, the JSON codec,
// the judge's list of a field's other values and the docs all read these tables, in this order.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "engine/semantics.h"

namespace tile {

template <class E>
struct ValueName {
  E value;
  std::string_view name;   // in JSON, CLI flags, reports and docs
  std::string_view words = {};  // what it does, for a student; empty: the name says it
};

// EnumValues<E>::what names the values in errors ("unknown goal_test 'x'"); ::all lists them.
template <class E>
struct EnumValues;

template <>
struct EnumValues<Algorithm> {
  static constexpr std::string_view what = "algorithm";
  static constexpr std::array<ValueName<Algorithm>, 10> all{{
      {Algorithm::Bfs, "bfs"},
      {Algorithm::Dfs, "dfs"},
      {Algorithm::Dls, "dls"},
      {Algorithm::Iddfs, "iddfs"},
      {Algorithm::Ucs, "ucs"},
      {Algorithm::Greedy, "greedy"},
      {Algorithm::Astar, "astar"},
      {Algorithm::WeightedAstar, "weighted-astar"},
      {Algorithm::Idastar, "idastar"},
      {Algorithm::Bibfs, "bibfs"},
  }};
};

template <>
struct EnumValues<GoalTest> {
  static constexpr std::string_view what = "goal_test";
  static constexpr std::array<ValueName<GoalTest>, 3> all{{
      {GoalTest::OnPop, "on-pop"},
      {GoalTest::OnGenerate, "on-generate"},
      {GoalTest::OnGenerateNotStart, "on-generate-not-start"},
  }};
};

template <>
struct EnumValues<Duplicates> {
  static constexpr std::string_view what = "duplicates";
  static constexpr std::array<ValueName<Duplicates>, 7> all{{
      {Duplicates::OnPush, "on-push",
       "marks a state when it is first pushed and never pushes it again"},
      {Duplicates::ClosedOnPop, "closed-on-pop",
       "checks for duplicates when a node is popped (skipping states already expanded)"},
      {Duplicates::VisitedOnPop, "visited-on-pop",
       "records states when popped and skips visited children, but expands repeated pops"},
      {Duplicates::ReopenIfCheaper, "reopen-if-cheaper",
       "pushes a state again whenever a cheaper path is found"},
      {Duplicates::None, "none", "has no duplicate detection at all (tree search)"},
      {Duplicates::ReplaceIfCheaper, "replace-if-cheaper",
       "keeps each state on the frontier once and replaces it when a cheaper path is found"},
      {Duplicates::ClosedOnExpand, "closed-on-expand",
       "handles repeated states as the handout says (closed-on-expand)"},
  }};
};

template <>
struct EnumValues<AtDepthLimit> {
  static constexpr std::string_view what = "at_depth_limit";
  static constexpr std::array<ValueName<AtDepthLimit>, 2> all{{
      {AtDepthLimit::Expand, "expand", "expands a node at the depth limit like any other"},
      {AtDepthLimit::CutOff, "cut-off",
       "only tests a node at the depth limit for the goal and never expands it"},
  }};
};

template <>
struct EnumValues<RoundBound> {
  static constexpr std::string_view what = "round_bound";
  static constexpr std::array<ValueName<RoundBound>, 2> all{{
      {RoundBound::F, "f", "bounds each round by f = g + h"},
      {RoundBound::Depth, "depth", "bounds each round by depth"},
  }};
};

template <>
struct EnumValues<RoundGrowth> {
  static constexpr std::string_view what = "round_growth";
  static constexpr std::array<ValueName<RoundGrowth>, 3> all{{
      {RoundGrowth::NextF, "next-f",
       "raises the bound to the smallest f = g + h that went over it in the round just finished"},
      {RoundGrowth::PlusOne, "plus-one", "raises the bound by one each round"},
      {RoundGrowth::PlusTwo, "plus-two", "raises the bound by two each round"},
  }};
};

template <>
struct EnumValues<RoundsCounted> {
  static constexpr std::string_view what = "rounds_counted";
  static constexpr std::array<ValueName<RoundsCounted>, 2> all{{
      {RoundsCounted::All, "all"},
      {RoundsCounted::Last, "last"},
  }};
};

template <>
struct EnumValues<StartMarked> {
  static constexpr std::string_view what = "start_marked";
  static constexpr std::array<ValueName<StartMarked>, 2> all{{
      {StartMarked::Yes, "yes"},
      {StartMarked::No, "no"},
  }};
};

template <>
struct EnumValues<ParentLink> {
  static constexpr std::string_view what = "parent_link";
  static constexpr std::array<ValueName<ParentLink>, 2> all{{
      {ParentLink::First, "first"},
      {ParentLink::Last, "last"},
  }};
};

template <>
struct EnumValues<CycleCheck> {
  static constexpr std::string_view what = "cycle_check";
  static constexpr std::array<ValueName<CycleCheck>, 3> all{{
      {CycleCheck::None, "none",
       "keeps every child, even one that repeats a state of its own path"},
      {CycleCheck::ReverseMove, "reverse-move",
       "never generates the move that undoes the previous one"},
      {CycleCheck::Path, "path",
       "drops a child whose state is already on the path from the start to it"},
  }};
};

template <>
struct EnumValues<PushOrder> {
  static constexpr std::string_view what = "push_order";
  static constexpr std::array<ValueName<PushOrder>, 2> all{{
      {PushOrder::Forward, "forward"},
      {PushOrder::Reverse, "reverse"},
  }};
};

template <>
struct EnumValues<MeetTest> {
  static constexpr std::string_view what = "meet_test";
  static constexpr std::array<ValueName<MeetTest>, 2> all{{
      {MeetTest::OnGenerate, "on-generate",
       "the two sides meet as soon as a new child is one the other side has already reached"},
      {MeetTest::OnPop, "on-pop",
       "the two sides meet when a node taken off a queue is one the other side has already "
       "reached"},
  }};
};

template <>
struct EnumValues<MeetStop> {
  static constexpr std::string_view what = "meet_stop";
  static constexpr std::array<ValueName<MeetStop>, 2> all{{
      {MeetStop::First, "first", "the search stops at the first meeting"},
      {MeetStop::EndOfLayer, "end-of-layer",
       "the side that meets first finishes its layer, and the shortest path found wins"},
  }};
};

template <>
struct EnumValues<NextSide> {
  static constexpr std::string_view what = "next_side";
  static constexpr std::array<ValueName<NextSide>, 3> all{{
      {NextSide::AlternateNode, "alternate-node",
       "the sides take one node each in turn, the start's side first"},
      {NextSide::AlternateLayer, "alternate-layer",
       "the sides expand one whole layer each in turn, the start's side first"},
      {NextSide::SmallerFrontier, "smaller-frontier",
       "the side with fewer nodes waiting expands its next whole layer (the start's side on a "
       "tie)"},
  }};
};

template <>
struct EnumValues<TieKey> {
  static constexpr std::string_view what = "tie_break key";
  static constexpr std::array<ValueName<TieKey>, 9> all{{
      {TieKey::Fifo, "fifo", "the oldest node first"},
      {TieKey::Lifo, "lifo", "the newest node first"},
      {TieKey::Action, "action", "the rank of the move in the action order"},
      {TieKey::State, "state", "the boards' tiles, smallest first"},
      {TieKey::Path, "path", "the paths' moves"},
      {TieKey::ParentLifo, "parent-lifo", "the newest parent first"},
      {TieKey::HLow, "h-low", "the smaller h"},
      {TieKey::GHigh, "g-high", "the larger g"},
      {TieKey::GLow, "g-low", "the smaller g"},
  }};
};

template <>
struct EnumValues<QueueKind> {
  static constexpr std::string_view what = "queue";
  static constexpr std::array<ValueName<QueueKind>, 3> all{{
      {QueueKind::Stable, "stable"},
      {QueueKind::PythonHeapq, "python-heapq"},
      {QueueKind::BinaryHeap, "binary-heap"},
  }};
};

template <>
struct EnumValues<CostModel> {
  static constexpr std::string_view what = "cost";
  static constexpr std::array<ValueName<CostModel>, 4> all{{
      {CostModel::Unit, "unit"},
      {CostModel::Tile, "tile"},
      {CostModel::BlankCell, "blank-cell"},
      {CostModel::DestinationCell, "destination-cell"},
  }};
};

template <>
struct EnumValues<CountKind> {
  static constexpr std::string_view what = "count";
  static constexpr std::array<ValueName<CountKind>, 8> all{{
      {CountKind::Expanded, "expanded"},
      {CountKind::Popped, "popped"},
      {CountKind::Generated, "generated"},
      {CountKind::Discovered, "discovered"},
      {CountKind::Pushed, "pushed"},
      {CountKind::GoalTests, "goal-tests"},
      {CountKind::Built, "built"},
      {CountKind::ExpandedBelowLimit, "expanded-below-limit"},
  }};
};

// Whether E is one of the enums above.
template <class E>
concept NamedEnum = requires { EnumValues<E>::all; };

template <NamedEnum E>
constexpr std::string_view value_name(E value) {
  for (const auto& entry : EnumValues<E>::all) {
    if (entry.value == value) return entry.name;
  }
  return "?";
}

// What the value does in a student's words, or its name where the name says it.
template <NamedEnum E>
constexpr std::string_view value_words(E value) {
  for (const auto& entry : EnumValues<E>::all) {
    if (entry.value == value) return entry.words.empty() ? entry.name : entry.words;
  }
  return "?";
}

// Every value, in the table's order.
template <NamedEnum E>
std::vector<E> all_values() {
  std::vector<E> out;
  for (const auto& entry : EnumValues<E>::all) out.push_back(entry.value);
  return out;
}

// The error names the field, the bad value and the accepted values.
template <NamedEnum E>
Result<E> parse_value(std::string_view text) {
  for (const auto& entry : EnumValues<E>::all) {
    if (entry.name == text) return entry.value;
  }
  std::string accepted;
  for (const auto& entry : EnumValues<E>::all) {
    if (!accepted.empty()) accepted += ", ";
    accepted += entry.name;
  }
  return Error{"unknown " + std::string(EnumValues<E>::what) + " '" + std::string(text) +
               "' (expected one of: " + accepted + ")"};
}

}  // namespace tile
