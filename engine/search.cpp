#include "engine/search.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "engine/bidirectional.h"
#include "engine/search_loop.h"

namespace tile {

std::string_view status_name(SearchStatus status) {
  switch (status) {
    case SearchStatus::Solved: return "solved";
    case SearchStatus::NoSolution: return "no-solution";
    case SearchStatus::NodeBudgetExceeded: return "node-budget-exceeded";
    case SearchStatus::MemoryBudgetExceeded: return "memory-budget-exceeded";
    case SearchStatus::HeuristicFailed: return "heuristic-failed";
  }
  return "?";
}

void Counters::add_round(const Counters& round) {
  expanded += round.expanded;
  popped += round.popped;
  generated += round.generated;
  pushed += round.pushed;
  goal_tests += round.goal_tests;
  built += round.built;
  expanded_below_limit += round.expanded_below_limit;
  discovered = std::max(discovered, round.discovered);
  max_frontier = std::max(max_frontier, round.max_frontier);
  max_depth = std::max(max_depth, round.max_depth);
}

std::uint64_t Counters::selected(CountKind kind) const {
  switch (kind) {
    case CountKind::Expanded: return expanded;
    case CountKind::Popped: return popped;
    case CountKind::Generated: return generated;
    case CountKind::Discovered: return discovered;
    case CountKind::Pushed: return pushed;
    case CountKind::GoalTests: return goal_tests;
    case CountKind::Built: return built;
    case CountKind::ExpandedBelowLimit: return expanded_below_limit;
  }
  return expanded;
}

std::string SearchResult::moves() const { return format_moves(path); }

std::uint64_t SearchResult::count() const {
  const auto raw = static_cast<std::int64_t>(counters.selected(semantics.count));
  return static_cast<std::uint64_t>(std::max<std::int64_t>(0, raw + semantics.count_offset));
}

Result<Weight> parse_weight(std::string_view text) {
  // Decimal text only ("2", "1.5", "1.25"): exact as a fraction of a power of ten.
  Weight weight{0, 1};
  bool seen_point = false;
  bool seen_digit = false;
  for (char ch : text) {
    if (ch == '.' && !seen_point) {
      seen_point = true;
    } else if (ch >= '0' && ch <= '9' && weight.numerator < 100'000'000) {
      // At most 6 decimals: the priority g * denominator + numerator * h must stay an exact
      // int64 (a 19th decimal once overflowed the denominator and gave a 43-move "optimum").
      if (seen_point && weight.denominator >= 1'000'000) {
        return Error{"weight '" + std::string(text) + "' has more than 6 decimal places"};
      }
      weight.numerator = weight.numerator * 10 + (ch - '0');
      if (seen_point) weight.denominator *= 10;
      seen_digit = true;
    } else {
      return Error{"weight '" + std::string(text) + "' is not a decimal number such as 1.5"};
    }
  }
  if (!seen_digit || weight.numerator == 0) {
    return Error{"weight '" + std::string(text) + "' must be a positive decimal number"};
  }
  return weight;
}

std::int64_t step_cost(const Board& board, Move move, CostModel cost) {
  // Each model reads only what it needs: under unit cost the move is never looked at (the judge
  // prices the children a record names, whatever their moves say).
  switch (cost) {
    case CostModel::Unit: return 1;
    case CostModel::BlankCell: return cell_step_cost(cost, 0, board.blank, 0);
    case CostModel::Tile:
    case CostModel::DestinationCell: break;
  }
  return cell_step_cost(cost, board.tile_moved_by(move), board.blank, board.moved(move).blank);
}

std::int64_t path_cost(const Board& start, const std::vector<Move>& path, CostModel cost) {
  Board board = start;
  std::int64_t total = 0;
  for (Move move : path) {
    total += step_cost(board, move, cost);
    board = board.moved(move);
  }
  return total;
}

namespace {

detail::LoopInput loop_input(const Problem& problem, const SearchSpec& spec,
                             const ResolvedSemantics& resolved) {
  detail::LoopInput input;
  input.problem = &problem;
  input.algorithm = spec.algorithm;
  input.semantics = &resolved;
  input.heuristic = spec.heuristic;
  input.weight = spec.weight;
  input.limits = spec.limits;
  input.record_trace = spec.record_trace;
  input.record_counters = spec.record_counters;
  input.reference_trace = spec.reference_trace;
  input.allow_bucket_queue = spec.allow_bucket_queue;
  input.detail = spec.record_trace || spec.reference_trace ? spec.detail : std::nullopt;
  input.depth_limit = resolved.depth_limit;
  return input;
}

void accumulate(SearchResult& total, SearchResult&& round, RoundsCounted counted) {
  if (counted == RoundsCounted::Last) {
    total.counters = round.counters;
  } else {
    total.counters.add_round(round.counters);
  }
  total.trace.insert(total.trace.end(), std::make_move_iterator(round.trace.begin()),
                     std::make_move_iterator(round.trace.end()));
  total.details.insert(total.details.end(), std::make_move_iterator(round.details.begin()),
                       std::make_move_iterator(round.details.end()));
  total.status = round.status;
  total.message = std::move(round.message);
  total.path = std::move(round.path);
  total.cost = round.cost;
}

// iddfs and idastar: the frontier loop again and again under a growing bound, each round a fresh
// search: iddfs by depth from 0, one level more each round; idastar by f = g + h from h(start), or
// (round_bound: depth) by depth from h(start), each next bound the smallest f the last one cut off.
// Counters add up over rounds; discovered and the maxima take the largest round (rounds_counted:
// last keeps the last round's). round_growth: plus-one and plus-two raise idastar's bound by one
// or two instead. The depth_limit field, when set, caps the depth rounds.
SearchResult iterative_deepening(const Problem& problem, const SearchSpec& spec,
                                 const ResolvedSemantics& resolved) {
  SearchResult total;
  total.semantics = resolved;
  total.iterations = 0;
  const bool idastar = spec.algorithm == Algorithm::Idastar;
  const bool by_f = idastar && resolved.round_bound == RoundBound::F;
  std::int64_t bound = 0;
  if (idastar) {
    if (!spec.heuristic) {
      total.status = SearchStatus::HeuristicFailed;
      total.message = "idastar needs a heuristic and none was given";
      return total;
    }
    const auto h = spec.heuristic->estimate(problem.start);
    if (!h) {
      total.status = SearchStatus::HeuristicFailed;
      total.message = spec.heuristic->failure_message();
      return total;
    }
    bound = *h;
  }
  std::uint64_t nodes_used = 0;
  while (total.iterations < spec.limits.max_iterations) {
    detail::LoopInput input = loop_input(problem, spec, resolved);
    input.limits.max_nodes = spec.limits.max_nodes - std::min(nodes_used, spec.limits.max_nodes);
    if (by_f) {
      input.f_bound = bound;
    } else {
      if (resolved.depth_limit && bound > *resolved.depth_limit) break;
      input.depth_limit = static_cast<int>(bound);
      input.depth_cut_f = idastar;
    }
    input.reference_offset = total.trace.size();  // rounds' traces follow one another
    detail::LoopOutcome round = detail::run_frontier_loop(input);
    ++total.iterations;
    nodes_used += round.nodes_created;
    if (round.diverged_at) total.diverged_at = total.trace.size() + *round.diverged_at;
    const bool stop = round.result.status != SearchStatus::NoSolution || !round.cut_off ||
                      round.diverged_at;
    accumulate(total, std::move(round.result), resolved.rounds_counted);
    if (stop) return total;
    // idastar by depth: the smallest f the limit cut off, and at least one level deeper.
    if (!idastar || resolved.round_growth == RoundGrowth::PlusOne) {
      bound = bound + 1;
    } else if (resolved.round_growth == RoundGrowth::PlusTwo) {
      bound = bound + 2;
    } else {
      bound = by_f ? round.smallest_pruned_f : std::max(bound + 1, round.smallest_cut_f);
    }
  }
  if (total.status == SearchStatus::NoSolution && total.iterations >= spec.limits.max_iterations) {
    total.message = "gave up after " + std::to_string(total.iterations) + " rounds";
  }
  return total;
}

}  // namespace

SearchSpec SearchSpec::of(Algorithm algorithm, const Semantics& written) {
  return of(algorithm, resolve(written, algorithm));
}

SearchSpec SearchSpec::of(Algorithm algorithm, const ResolvedSemantics& resolved) {
  SearchSpec spec;
  spec.algorithm = algorithm;
  spec.semantics = resolved;
  return spec;
}

SearchResult search(const Problem& problem, const SearchSpec& spec) {
  const ResolvedSemantics& resolved = spec.semantics;
  if (spec.algorithm == Algorithm::Bibfs) return detail::bidirectional_search(problem, spec, resolved);
  if (spec.algorithm == Algorithm::Iddfs || spec.algorithm == Algorithm::Idastar) {
    return iterative_deepening(problem, spec, resolved);
  }
  detail::LoopOutcome outcome = detail::run_frontier_loop(loop_input(problem, spec, resolved));
  outcome.result.diverged_at = outcome.diverged_at;
  return std::move(outcome.result);
}

}  // namespace tile
