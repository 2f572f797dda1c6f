// Semantics as data: per-algorithm defaults (docs/semantics.md's table and engine/semantics.h), names that
// read back through their parsers, and parse errors that name the field, the bad value and the
// accepted values.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/semantics.h"

using namespace tile;

namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string quoted(const std::string& value) {
  std::string out = "'";
  out += value;
  out += "'";
  return out;
}

}  // namespace

TEST_CASE("resolve fills the textbook default of each algorithm") {
  for (Algorithm algorithm : kAllAlgorithms) {
    CAPTURE(algorithm_name(algorithm));
    const Semantics s = as_written(resolve(Semantics{}, algorithm));
    REQUIRE(s.duplicates);
    REQUIRE(s.push_order);
    REQUIRE(s.tie_break);
    REQUIRE(s.cycle_check);
    const bool uninformed_tree_order = algorithm == Algorithm::Bfs || algorithm == Algorithm::Bibfs ||
                                       algorithm == Algorithm::Dfs ||
                                       algorithm == Algorithm::Dls || algorithm == Algorithm::Iddfs;
    const bool stack = algorithm == Algorithm::Dfs || algorithm == Algorithm::Dls ||
                       algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar;
    CHECK(is_depth_first(algorithm) == stack);
    if (uninformed_tree_order) {
      CHECK(*s.duplicates == Duplicates::OnPush);
    } else if (algorithm == Algorithm::Idastar) {
      CHECK(*s.duplicates == Duplicates::None);
    } else {
      CHECK(*s.duplicates == Duplicates::ClosedOnPop);
    }
    // Stacks push in reverse so that children pop in action order, and break ties lifo.
    CHECK(*s.push_order == (stack ? PushOrder::Reverse : PushOrder::Forward));
    CHECK(*s.tie_break == std::vector<TieKey>{stack ? TieKey::Lifo : TieKey::Fifo});
    CHECK((*s.cycle_check == CycleCheck::ReverseMove) == (algorithm == Algorithm::Idastar));
    // The non-optional fields keep the documented defaults (docs/semantics.md).
    CHECK(action_order_name(s.action_order) == "UDLR");
    CHECK(s.goal_test == GoalTest::OnPop);
    CHECK_FALSE(s.depth_limit);
    CHECK(s.queue == QueueKind::Stable);
    CHECK(s.cost == CostModel::Unit);
    CHECK(s.count == CountKind::Expanded);
    CHECK(uses_heuristic(algorithm) ==
          (algorithm == Algorithm::Greedy || algorithm == Algorithm::Astar ||
           algorithm == Algorithm::WeightedAstar || algorithm == Algorithm::Idastar));
  }
}

TEST_CASE("the constant kBfsDefaults is what resolve gives bfs") {
  CHECK(kBfsDefaults == resolve(Semantics{}, Algorithm::Bfs));
  CHECK_FALSE(kBfsDefaults == resolve(Semantics{}, Algorithm::Dfs));
}

TEST_CASE("defaults_of is what resolve gives an algorithm with nothing written") {
  for (Algorithm algorithm : kAllAlgorithms) {
    CAPTURE(algorithm_name(algorithm));
    CHECK(defaults_of(algorithm) == resolve(Semantics{}, algorithm));
  }
  CHECK_FALSE(defaults_of(Algorithm::Idastar) == defaults_of(Algorithm::Astar));
}

TEST_CASE("resolve keeps every field that was set, and is idempotent") {
  Semantics set;
  set.duplicates = Duplicates::VisitedOnPop;
  set.push_order = PushOrder::Forward;
  set.tie_break = std::vector<TieKey>{};  // empty is meaningful (python-heapq on priority alone)
  set.cycle_check = CycleCheck::Path;
  set.depth_limit = 7;
  for (Algorithm algorithm : kAllAlgorithms) {
    const Semantics s = as_written(resolve(set, algorithm));
    CHECK(s == set);
    const ResolvedSemantics defaults = resolve(Semantics{}, algorithm);
    CHECK(resolve(as_written(defaults), algorithm) == defaults);
  }
}

TEST_CASE("every name reads back through its parser, and the names are distinct") {
  auto round_trip = [](auto values, auto name, auto parse) {
    std::vector<std::string> names;
    for (auto value : values) {
      const std::string text(name(value));
      CAPTURE(text);
      const auto parsed = parse(text);
      REQUIRE(parsed.ok());
      CHECK(*parsed == value);
      names.push_back(text);
    }
    std::sort(names.begin(), names.end());
    CHECK(std::adjacent_find(names.begin(), names.end()) == names.end());
  };
  round_trip(kAllAlgorithms, algorithm_name, parse_algorithm);
  round_trip(std::vector{GoalTest::OnPop, GoalTest::OnGenerate}, goal_test_name, parse_goal_test);
  round_trip(std::vector{Duplicates::OnPush, Duplicates::ClosedOnPop, Duplicates::VisitedOnPop,
                         Duplicates::ReopenIfCheaper, Duplicates::None,
                         Duplicates::ReplaceIfCheaper, Duplicates::ClosedOnExpand},
             duplicates_name, parse_duplicates);
  round_trip(std::vector{PushOrder::Forward, PushOrder::Reverse}, push_order_name,
             parse_push_order);
  round_trip(std::vector{MeetTest::OnGenerate, MeetTest::OnPop}, meet_test_name, parse_meet_test);
  round_trip(std::vector{MeetStop::First, MeetStop::EndOfLayer}, meet_stop_name, parse_meet_stop);
  round_trip(std::vector{NextSide::AlternateNode, NextSide::AlternateLayer,
                         NextSide::SmallerFrontier},
             next_side_name, parse_next_side);
  round_trip(std::vector{TieKey::Fifo, TieKey::Lifo, TieKey::Action, TieKey::State, TieKey::Path,
                         TieKey::ParentLifo, TieKey::HLow, TieKey::GHigh, TieKey::GLow},
             tie_key_name, parse_tie_key);
  round_trip(std::vector{QueueKind::Stable, QueueKind::PythonHeapq}, queue_name, parse_queue);
  round_trip(std::vector{CostModel::Unit, CostModel::Tile}, cost_name, parse_cost);
  round_trip(std::vector{CountKind::Expanded, CountKind::Popped, CountKind::Generated,
                         CountKind::Discovered, CountKind::Pushed, CountKind::GoalTests,
                         CountKind::Built, CountKind::ExpandedBelowLimit},
             count_name, parse_count);
  round_trip(std::vector{AtDepthLimit::Expand, AtDepthLimit::CutOff}, at_depth_limit_name,
             parse_at_depth_limit);
  round_trip(std::vector{CycleCheck::None, CycleCheck::ReverseMove, CycleCheck::Path},
             cycle_check_name, parse_cycle_check);
  round_trip(std::vector{RoundBound::F, RoundBound::Depth}, round_bound_name, parse_round_bound);
  round_trip(std::vector{RoundGrowth::NextF, RoundGrowth::PlusOne, RoundGrowth::PlusTwo},
             round_growth_name, parse_round_growth);
  round_trip(std::vector{RoundsCounted::All, RoundsCounted::Last}, rounds_counted_name,
             parse_rounds_counted);
  round_trip(std::vector{StartMarked::Yes, StartMarked::No}, start_marked_name,
             parse_start_marked);
  round_trip(std::vector{ParentLink::First, ParentLink::Last}, parent_link_name,
             parse_parent_link);
  round_trip(kCountOffsets, count_offset_name, parse_count_offset);
}

TEST_CASE("the spellings are the documented ones") {
  CHECK(algorithm_name(Algorithm::WeightedAstar) == "weighted-astar");
  CHECK(duplicates_name(Duplicates::ReopenIfCheaper) == "reopen-if-cheaper");
  CHECK(duplicates_name(Duplicates::ClosedOnPop) == "closed-on-pop");
  CHECK(goal_test_name(GoalTest::OnGenerate) == "on-generate");
  CHECK(tie_key_name(TieKey::ParentLifo) == "parent-lifo");
  CHECK(tie_key_name(TieKey::HLow) == "h-low");
  CHECK(tie_key_name(TieKey::GHigh) == "g-high");
  CHECK(queue_name(QueueKind::PythonHeapq) == "python-heapq");
  CHECK(duplicates_name(Duplicates::ReplaceIfCheaper) == "replace-if-cheaper");
  CHECK(at_depth_limit_name(AtDepthLimit::CutOff) == "cut-off");
  CHECK(cycle_check_name(CycleCheck::ReverseMove) == "reverse-move");
  CHECK(count_name(CountKind::GoalTests) == "goal-tests");
  CHECK(count_name(CountKind::ExpandedBelowLimit) == "expanded-below-limit");
  CHECK(duplicates_name(Duplicates::ClosedOnExpand) == "closed-on-expand");
  CHECK(round_growth_name(RoundGrowth::NextF) == "next-f");
  CHECK(round_growth_name(RoundGrowth::PlusOne) == "plus-one");
  CHECK(round_growth_name(RoundGrowth::PlusTwo) == "plus-two");
  CHECK(rounds_counted_name(RoundsCounted::Last) == "last");
  CHECK(start_marked_name(StartMarked::No) == "no");
  CHECK(parent_link_name(ParentLink::Last) == "last");
  CHECK(count_offset_name(-1) == "-1");
}

TEST_CASE("action orders: all 24 permutations read back; anything else is refused") {
  std::string letters = "DLRU";  // sorted, so next_permutation visits all 24
  int permutations = 0;
  do {
    const auto order = parse_action_order(letters);
    REQUIRE(order.ok());
    CHECK(action_order_name(*order) == letters);
    ++permutations;
  } while (std::next_permutation(letters.begin(), letters.end()));
  CHECK(permutations == 24);
  CHECK(action_order_name(*parse_action_order("udlr")) == "UDLR");  // letters in either case
  for (const char* bad : {"", "UDL", "UDLRU", "UUDL", "UDLX", "U D L"}) {
    CAPTURE(bad);
    const auto order = parse_action_order(bad);
    REQUIRE_FALSE(order.ok());
    CHECK(contains(order.error(), "action_order"));
    CHECK(contains(order.error(), quoted(bad)));
  }
}

TEST_CASE("parse errors name the field, the bad value and what is accepted") {
  struct Case {
    std::string error;
    const char* field;
    const char* accepted;
  };
  const std::vector<Case> cases = {
      {parse_algorithm("a-star").error(), "algorithm", "weighted-astar"},
      {parse_goal_test("on-push").error(), "goal_test", "on-generate"},
      {parse_duplicates("closed").error(), "duplicates", "reopen-if-cheaper"},
      {parse_push_order("backward").error(), "push_order", "reverse"},
      {parse_tie_key("random").error(), "tie_break", "parent-lifo"},
      {parse_queue("heapq").error(), "queue", "python-heapq"},
      {parse_cost("manhattan").error(), "cost", "tile"},
      {parse_count("expansions").error(), "count", "discovered"},
      {parse_round_growth("double").error(), "round_growth", "plus-one"},
      {parse_rounds_counted("first").error(), "rounds_counted", "last"},
      {parse_start_marked("true").error(), "start_marked", "yes"},
      {parse_parent_link("middle").error(), "parent_link", "first"},
      {parse_count_offset("2").error(), "count_offset", "-1"},
  };
  const std::vector<const char*> bad = {"a-star", "on-push", "closed",    "backward",
                                        "random", "heapq",   "manhattan", "expansions",
                                        "double", "first",   "true",      "middle",
                                        "2"};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    CAPTURE(cases[i].error);
    CHECK(contains(cases[i].error, cases[i].field));
    CHECK(contains(cases[i].error, quoted(bad[i])));
    CHECK(contains(cases[i].error, cases[i].accepted));
  }
  // Names are exact: no case folding, no stray spaces.
  CHECK_FALSE(parse_algorithm("BFS").ok());
  CHECK_FALSE(parse_algorithm(" bfs").ok());
}

TEST_CASE("describe names every field once, and unset optionals as defaults") {
  const std::string text = describe(Semantics{});
  std::string lines = "\n";
  lines += text;  // each field begins a line ("depth_limit:" is in
                                          // "at_depth_limit:")
  for (const char* name :
       {"action_order:", "goal_test:", "duplicates:", "push_order:", "depth_limit:", "tie_break:",
        "queue:", "cost:", "count:", "cycle_check:", "at_depth_limit:", "round_bound:",
        "round_growth:", "rounds_counted:", "start_marked:", "parent_link:", "count_offset:",
        "meet_test:", "meet_stop:", "next_side:"}) {
    CAPTURE(name);
    std::string field = "\n";
    field += name;
    const auto first = lines.find(field);
    REQUIRE(first != std::string::npos);
    CHECK(lines.find(field, first + 1) == std::string::npos);
  }
  CHECK(contains(text, "duplicates: default"));
  const std::string resolved = describe(resolve(Semantics{}, Algorithm::Dfs));
  CHECK(contains(resolved, "duplicates: on-push"));
  CHECK(contains(resolved, "push_order: reverse"));
  CHECK(contains(resolved, "tie_break: [lifo]"));
}
