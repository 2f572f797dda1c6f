#include "engine/semantics.h"

#include <type_traits>

#include "engine/semantics_fields.h"

namespace tile {

bool is_depth_first(Algorithm algorithm) {
  return algorithm == Algorithm::Dfs || algorithm == Algorithm::Dls ||
         algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar;
}

bool uses_heuristic(Algorithm algorithm) {
  return algorithm == Algorithm::Greedy || algorithm == Algorithm::Astar ||
         algorithm == Algorithm::WeightedAstar || algorithm == Algorithm::Idastar;
}

ResolvedSemantics resolve(const Semantics& semantics, Algorithm algorithm) {
  ResolvedSemantics resolved;
  for_each_semantics_field([&](const auto& field) {
    resolved.*field.resolved = resolved_member(field, semantics, algorithm);
  });
  return resolved;
}

ResolvedSemantics defaults_of(Algorithm algorithm) {
  ResolvedSemantics defaults;  // a field without a default per algorithm: its initializer
  for_each_semantics_field([&](const auto& field) {
    if (field.unset_default) defaults.*field.resolved = field.unset_default(algorithm);
  });
  return defaults;
}

Semantics as_written(const ResolvedSemantics& resolved) {
  Semantics semantics;
  for_each_semantics_field(
      [&](const auto& field) { semantics.*field.member = resolved.*field.resolved; });
  return semantics;
}

std::string_view algorithm_name(Algorithm value) { return value_name(value); }
std::string_view goal_test_name(GoalTest value) { return value_name(value); }
std::string_view duplicates_name(Duplicates value) { return value_name(value); }
std::string_view push_order_name(PushOrder value) { return value_name(value); }
std::string_view tie_key_name(TieKey value) { return value_name(value); }
std::string_view queue_name(QueueKind value) { return value_name(value); }
std::string_view cost_name(CostModel value) { return value_name(value); }
std::string_view count_name(CountKind value) { return value_name(value); }
std::string_view at_depth_limit_name(AtDepthLimit value) { return value_name(value); }
std::string_view cycle_check_name(CycleCheck value) { return value_name(value); }
std::string_view round_bound_name(RoundBound value) { return value_name(value); }
std::string_view round_growth_name(RoundGrowth value) { return value_name(value); }
std::string_view rounds_counted_name(RoundsCounted value) { return value_name(value); }
std::string_view start_marked_name(StartMarked value) { return value_name(value); }
std::string_view parent_link_name(ParentLink value) { return value_name(value); }
std::string_view meet_test_name(MeetTest value) { return value_name(value); }
std::string_view meet_stop_name(MeetStop value) { return value_name(value); }
std::string_view next_side_name(NextSide value) { return value_name(value); }
std::string count_offset_name(int value) { return std::to_string(value); }

std::string action_order_name(const std::array<Move, kMoveCount>& order) {
  return format_moves(order);
}

Result<Algorithm> parse_algorithm(std::string_view text) { return parse_value<Algorithm>(text); }
Result<GoalTest> parse_goal_test(std::string_view text) { return parse_value<GoalTest>(text); }
Result<Duplicates> parse_duplicates(std::string_view text) { return parse_value<Duplicates>(text); }
Result<PushOrder> parse_push_order(std::string_view text) { return parse_value<PushOrder>(text); }
Result<TieKey> parse_tie_key(std::string_view text) { return parse_value<TieKey>(text); }
Result<QueueKind> parse_queue(std::string_view text) { return parse_value<QueueKind>(text); }
Result<CostModel> parse_cost(std::string_view text) { return parse_value<CostModel>(text); }
Result<CountKind> parse_count(std::string_view text) { return parse_value<CountKind>(text); }
Result<AtDepthLimit> parse_at_depth_limit(std::string_view text) {
  return parse_value<AtDepthLimit>(text);
}
Result<CycleCheck> parse_cycle_check(std::string_view text) {
  return parse_value<CycleCheck>(text);
}
Result<RoundBound> parse_round_bound(std::string_view text) {
  return parse_value<RoundBound>(text);
}
Result<RoundGrowth> parse_round_growth(std::string_view text) {
  return parse_value<RoundGrowth>(text);
}
Result<RoundsCounted> parse_rounds_counted(std::string_view text) {
  return parse_value<RoundsCounted>(text);
}
Result<StartMarked> parse_start_marked(std::string_view text) {
  return parse_value<StartMarked>(text);
}
Result<ParentLink> parse_parent_link(std::string_view text) {
  return parse_value<ParentLink>(text);
}
Result<MeetTest> parse_meet_test(std::string_view text) { return parse_value<MeetTest>(text); }
Result<MeetStop> parse_meet_stop(std::string_view text) { return parse_value<MeetStop>(text); }
Result<NextSide> parse_next_side(std::string_view text) { return parse_value<NextSide>(text); }
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
  for_each_semantics_field([&](const auto& field) {
    out += std::string(field.name) + ": " + member_text(field, semantics.*field.member) + "\n";
  });
  return out;
}

std::string describe(const ResolvedSemantics& semantics) { return describe(as_written(semantics)); }

std::string value_text(const std::vector<TieKey>& keys) {
  std::string out = "[";
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) out += ", ";
    out += value_name(keys[i]);
  }
  return out + "]";
}

std::string value_text(const std::array<Move, kMoveCount>& order) {
  return action_order_name(order);
}

std::string value_text(int number) { return std::to_string(number); }

}  // namespace tile
