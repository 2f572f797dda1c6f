#include "engine/semantics.h"

#include <utility>

namespace tile {

namespace {

// One table per enum serves both directions (name -> value, value -> name) and the error message.
template <class E, std::size_t N>
struct NameTable {
  std::string_view field;
  std::array<std::pair<E, std::string_view>, N> entries;

  std::string_view name(E value) const {
    for (const auto& [candidate, text] : entries) {
      if (candidate == value) return text;
    }
    return "?";
  }

  Result<E> parse(std::string_view text) const {
    for (const auto& [candidate, name] : entries) {
      if (name == text) return candidate;
    }
    std::string accepted;
    for (const auto& entry : entries) {
      if (!accepted.empty()) accepted += ", ";
      accepted += entry.second;
    }
    return Error{"unknown " + std::string(field) + " '" + std::string(text) +
                 "' (expected one of: " + accepted + ")"};
  }
};

constexpr NameTable<Algorithm, 10> kAlgorithmNames{
    "algorithm",
    {{{Algorithm::Bfs, "bfs"},
      {Algorithm::Dfs, "dfs"},
      {Algorithm::Dls, "dls"},
      {Algorithm::Iddfs, "iddfs"},
      {Algorithm::Ucs, "ucs"},
      {Algorithm::Greedy, "greedy"},
      {Algorithm::Astar, "astar"},
      {Algorithm::WeightedAstar, "weighted-astar"},
      {Algorithm::Idastar, "idastar"},
      {Algorithm::Bibfs, "bibfs"}}}};

constexpr NameTable<MeetTest, 2> kMeetTestNames{
    "meet_test", {{{MeetTest::OnGenerate, "on-generate"}, {MeetTest::OnPop, "on-pop"}}}};

constexpr NameTable<MeetStop, 2> kMeetStopNames{
    "meet_stop", {{{MeetStop::First, "first"}, {MeetStop::EndOfLayer, "end-of-layer"}}}};

constexpr NameTable<NextSide, 3> kNextSideNames{
    "next_side",
    {{{NextSide::AlternateNode, "alternate-node"},
      {NextSide::AlternateLayer, "alternate-layer"},
      {NextSide::SmallerFrontier, "smaller-frontier"}}}};

constexpr NameTable<GoalTest, 3> kGoalTestNames{
    "goal_test",
    {{{GoalTest::OnPop, "on-pop"},
      {GoalTest::OnGenerate, "on-generate"},
      {GoalTest::OnGenerateNotStart, "on-generate-not-start"}}}};

constexpr NameTable<Duplicates, 7> kDuplicatesNames{
    "duplicates",
    {{{Duplicates::OnPush, "on-push"},
      {Duplicates::ClosedOnPop, "closed-on-pop"},
      {Duplicates::VisitedOnPop, "visited-on-pop"},
      {Duplicates::ReopenIfCheaper, "reopen-if-cheaper"},
      {Duplicates::None, "none"},
      {Duplicates::ReplaceIfCheaper, "replace-if-cheaper"},
      {Duplicates::ClosedOnExpand, "closed-on-expand"}}}};

constexpr NameTable<AtDepthLimit, 2> kAtDepthLimitNames{
    "at_depth_limit", {{{AtDepthLimit::Expand, "expand"}, {AtDepthLimit::CutOff, "cut-off"}}}};

constexpr NameTable<RoundBound, 2> kRoundBoundNames{
    "round_bound", {{{RoundBound::F, "f"}, {RoundBound::Depth, "depth"}}}};

constexpr NameTable<RoundGrowth, 2> kRoundGrowthNames{
    "round_growth", {{{RoundGrowth::NextF, "next-f"}, {RoundGrowth::PlusOne, "plus-one"}}}};

constexpr NameTable<RoundsCounted, 2> kRoundsCountedNames{
    "rounds_counted", {{{RoundsCounted::All, "all"}, {RoundsCounted::Last, "last"}}}};

constexpr NameTable<StartMarked, 2> kStartMarkedNames{
    "start_marked", {{{StartMarked::Yes, "yes"}, {StartMarked::No, "no"}}}};

constexpr NameTable<ParentLink, 2> kParentLinkNames{
    "parent_link", {{{ParentLink::First, "first"}, {ParentLink::Last, "last"}}}};

constexpr NameTable<CycleCheck, 3> kCycleCheckNames{
    "cycle_check",
    {{{CycleCheck::None, "none"}, {CycleCheck::ReverseMove, "reverse-move"},
      {CycleCheck::Path, "path"}}}};

constexpr NameTable<PushOrder, 2> kPushOrderNames{
    "push_order", {{{PushOrder::Forward, "forward"}, {PushOrder::Reverse, "reverse"}}}};

constexpr NameTable<TieKey, 9> kTieKeyNames{
    "tie_break key",
    {{{TieKey::Fifo, "fifo"},
      {TieKey::Lifo, "lifo"},
      {TieKey::Action, "action"},
      {TieKey::State, "state"},
      {TieKey::Path, "path"},
      {TieKey::ParentLifo, "parent-lifo"},
      {TieKey::HLow, "h-low"},
      {TieKey::GHigh, "g-high"},
      {TieKey::GLow, "g-low"}}}};

constexpr NameTable<QueueKind, 3> kQueueNames{
    "queue",
    {{{QueueKind::Stable, "stable"},
      {QueueKind::PythonHeapq, "python-heapq"},
      {QueueKind::BinaryHeap, "binary-heap"}}}};

constexpr NameTable<CostModel, 2> kCostNames{
    "cost", {{{CostModel::Unit, "unit"}, {CostModel::Tile, "tile"}}}};

constexpr NameTable<CountKind, 8> kCountNames{
    "count",
    {{{CountKind::Expanded, "expanded"},
      {CountKind::Popped, "popped"},
      {CountKind::Generated, "generated"},
      {CountKind::Discovered, "discovered"},
      {CountKind::Pushed, "pushed"},
      {CountKind::GoalTests, "goal-tests"},
      {CountKind::Built, "built"},
      {CountKind::ExpandedBelowLimit, "expanded-below-limit"}}}};

}  // namespace

bool is_depth_first(Algorithm algorithm) {
  return algorithm == Algorithm::Dfs || algorithm == Algorithm::Dls ||
         algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar;
}

bool uses_heuristic(Algorithm algorithm) {
  return algorithm == Algorithm::Greedy || algorithm == Algorithm::Astar ||
         algorithm == Algorithm::WeightedAstar || algorithm == Algorithm::Idastar;
}

Semantics resolve(Semantics semantics, Algorithm algorithm) {
  const bool depth_first = is_depth_first(algorithm);
  if (!semantics.duplicates) {
    switch (algorithm) {
      case Algorithm::Bfs:
      case Algorithm::Bibfs:
      case Algorithm::Dfs:
      case Algorithm::Dls:
      case Algorithm::Iddfs: semantics.duplicates = Duplicates::OnPush; break;
      case Algorithm::Idastar: semantics.duplicates = Duplicates::None; break;
      default: semantics.duplicates = Duplicates::ClosedOnPop; break;
    }
  }
  if (!semantics.push_order) {
    semantics.push_order = depth_first ? PushOrder::Reverse : PushOrder::Forward;
  }
  if (!semantics.tie_break) {
    semantics.tie_break = std::vector<TieKey>{depth_first ? TieKey::Lifo : TieKey::Fifo};
  }
  if (!semantics.cycle_check) {
    semantics.cycle_check =
        algorithm == Algorithm::Idastar ? CycleCheck::ReverseMove : CycleCheck::None;
  }
  return semantics;
}

std::string_view algorithm_name(Algorithm value) { return kAlgorithmNames.name(value); }
std::string_view goal_test_name(GoalTest value) { return kGoalTestNames.name(value); }
std::string_view duplicates_name(Duplicates value) { return kDuplicatesNames.name(value); }
std::string_view push_order_name(PushOrder value) { return kPushOrderNames.name(value); }
std::string_view tie_key_name(TieKey value) { return kTieKeyNames.name(value); }
std::string_view queue_name(QueueKind value) { return kQueueNames.name(value); }
std::string_view cost_name(CostModel value) { return kCostNames.name(value); }
std::string_view count_name(CountKind value) { return kCountNames.name(value); }
std::string_view at_depth_limit_name(AtDepthLimit value) { return kAtDepthLimitNames.name(value); }
std::string_view cycle_check_name(CycleCheck value) { return kCycleCheckNames.name(value); }
std::string_view round_bound_name(RoundBound value) { return kRoundBoundNames.name(value); }
std::string_view round_growth_name(RoundGrowth value) { return kRoundGrowthNames.name(value); }
std::string_view rounds_counted_name(RoundsCounted value) {
  return kRoundsCountedNames.name(value);
}
std::string_view start_marked_name(StartMarked value) { return kStartMarkedNames.name(value); }
std::string_view parent_link_name(ParentLink value) { return kParentLinkNames.name(value); }
std::string_view meet_test_name(MeetTest value) { return kMeetTestNames.name(value); }
std::string_view meet_stop_name(MeetStop value) { return kMeetStopNames.name(value); }
std::string_view next_side_name(NextSide value) { return kNextSideNames.name(value); }
std::string count_offset_name(int value) { return std::to_string(value); }

std::string action_order_name(const std::array<Move, kMoveCount>& order) {
  return format_moves(order);
}

Result<Algorithm> parse_algorithm(std::string_view text) { return kAlgorithmNames.parse(text); }
Result<GoalTest> parse_goal_test(std::string_view text) { return kGoalTestNames.parse(text); }
Result<Duplicates> parse_duplicates(std::string_view text) { return kDuplicatesNames.parse(text); }
Result<PushOrder> parse_push_order(std::string_view text) { return kPushOrderNames.parse(text); }
Result<TieKey> parse_tie_key(std::string_view text) { return kTieKeyNames.parse(text); }
Result<QueueKind> parse_queue(std::string_view text) { return kQueueNames.parse(text); }
Result<CostModel> parse_cost(std::string_view text) { return kCostNames.parse(text); }
Result<CountKind> parse_count(std::string_view text) { return kCountNames.parse(text); }
Result<AtDepthLimit> parse_at_depth_limit(std::string_view text) {
  return kAtDepthLimitNames.parse(text);
}
Result<CycleCheck> parse_cycle_check(std::string_view text) { return kCycleCheckNames.parse(text); }
Result<RoundBound> parse_round_bound(std::string_view text) { return kRoundBoundNames.parse(text); }
Result<RoundGrowth> parse_round_growth(std::string_view text) {
  return kRoundGrowthNames.parse(text);
}
Result<RoundsCounted> parse_rounds_counted(std::string_view text) {
  return kRoundsCountedNames.parse(text);
}
Result<StartMarked> parse_start_marked(std::string_view text) {
  return kStartMarkedNames.parse(text);
}
Result<ParentLink> parse_parent_link(std::string_view text) { return kParentLinkNames.parse(text); }
Result<MeetTest> parse_meet_test(std::string_view text) { return kMeetTestNames.parse(text); }
Result<MeetStop> parse_meet_stop(std::string_view text) { return kMeetStopNames.parse(text); }
Result<NextSide> parse_next_side(std::string_view text) { return kNextSideNames.parse(text); }
Result<int> parse_count_offset(std::string_view text) {
  for (int value : kCountOffsets) {
    if (text == count_offset_name(value)) return value;
  }
  return Error{"unknown count_offset '" + std::string(text) + "' (expected one of: 0, 1, -1)"};
}

Result<std::array<Move, kMoveCount>> parse_action_order(std::string_view text) {
  const std::string bad = "action_order '" + std::string(text) +
                          "' must be a permutation of the letters U, D, L, R (e.g. UDLR)";
  if (text.size() != kMoveCount) return Error{bad};
  std::array<Move, kMoveCount> order{};
  std::array<bool, kMoveCount> seen{};
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto move = move_from_letter(text[i]);
    if (!move || seen[static_cast<std::size_t>(*move)]) return Error{bad};
    seen[static_cast<std::size_t>(*move)] = true;
    order[i] = *move;
  }
  return order;
}

std::string describe(const Semantics& semantics) {
  std::string out;
  out += "action_order: " + action_order_name(semantics.action_order) + "\n";
  out += "goal_test: " + std::string(goal_test_name(semantics.goal_test)) + "\n";
  out += "duplicates: " +
         std::string(semantics.duplicates ? duplicates_name(*semantics.duplicates) : "default") +
         "\n";
  out += "push_order: " +
         std::string(semantics.push_order ? push_order_name(*semantics.push_order) : "default") +
         "\n";
  out += "depth_limit: " +
         (semantics.depth_limit ? std::to_string(*semantics.depth_limit) : std::string("none")) +
         "\n";
  out += "at_depth_limit: " + std::string(at_depth_limit_name(semantics.at_depth_limit)) + "\n";
  out += "round_bound: " + std::string(round_bound_name(semantics.round_bound)) + "\n";
  if (semantics.tie_break) {
    out += "tie_break: [";
    for (std::size_t i = 0; i < semantics.tie_break->size(); ++i) {
      if (i > 0) out += ", ";
      out += tie_key_name((*semantics.tie_break)[i]);
    }
    out += "]\n";
  } else {
    out += "tie_break: default\n";
  }
  out += "queue: " + std::string(queue_name(semantics.queue)) + "\n";
  out += "cost: " + std::string(cost_name(semantics.cost)) + "\n";
  out += "count: " + std::string(count_name(semantics.count)) + "\n";
  out += "cycle_check: " +
         std::string(semantics.cycle_check ? cycle_check_name(*semantics.cycle_check) : "default") +
         "\n";
  out += "round_growth: " + std::string(round_growth_name(semantics.round_growth)) + "\n";
  out += "rounds_counted: " + std::string(rounds_counted_name(semantics.rounds_counted)) + "\n";
  out += "start_marked: " + std::string(start_marked_name(semantics.start_marked)) + "\n";
  out += "parent_link: " + std::string(parent_link_name(semantics.parent_link)) + "\n";
  out += "count_offset: " + count_offset_name(semantics.count_offset) + "\n";
  out += "meet_test: " + std::string(meet_test_name(semantics.meet_test)) + "\n";
  out += "meet_stop: " + std::string(meet_stop_name(semantics.meet_stop)) + "\n";
  out += "next_side: " + std::string(next_side_name(semantics.next_side)) + "\n";
  return out;
}

}  // namespace tile
