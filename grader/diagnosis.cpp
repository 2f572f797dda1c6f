#include "grader/diagnosis.h"

#include <algorithm>
#include <array>
#include <sstream>

#include "grader/expectation.h"
#include "grader/heuristic_source.h"

namespace tile {

namespace {

std::string describe_duplicates(Duplicates policy) {
  switch (policy) {
    case Duplicates::OnPush: return "marks a state when it is first pushed and never pushes it again";
    case Duplicates::ClosedOnPop:
      return "checks for duplicates when a node is popped (skipping states already expanded)";
    case Duplicates::VisitedOnPop:
      return "records states when popped and skips visited children, but expands repeated pops";
    case Duplicates::ReopenIfCheaper: return "pushes a state again whenever a cheaper path is found";
    case Duplicates::None: return "has no duplicate detection at all (tree search)";
    case Duplicates::ReplaceIfCheaper:
      return "keeps each state on the frontier once and replaces it when a cheaper path is found";
  }
  return "";
}

std::string count_phrase(CountKind kind) {
  switch (kind) {
    case CountKind::Expanded: return "expanded nodes (pops that generated successors)";
    case CountKind::Popped: return "every pop, the goal pop included";
    case CountKind::Generated: return "generated successors";
    case CountKind::Discovered: return "distinct states discovered";
    case CountKind::Pushed: return "frontier insertions";
    case CountKind::GoalTests: return "goal tests";
    case CountKind::Built: return "successors built, the goal's later siblings included";
    case CountKind::ExpandedBelowLimit: return "expansions above the depth limit";
  }
  return "";
}

}  // namespace

std::vector<Variant> mistake_catalogue(const Task& task) {
  const Semantics base = resolve(task.semantics, task.algorithm);
  std::vector<Variant> variants;
  auto add = [&](std::string code, std::string explanation, Semantics semantics) {
    if (semantics == base) return;
    variants.push_back({std::move(code), std::move(explanation), std::move(semantics)});
  };

  Semantics goal = base;
  goal.goal_test = base.goal_test == GoalTest::OnPop ? GoalTest::OnGenerate : GoalTest::OnPop;
  add(goal.goal_test == GoalTest::OnGenerate ? "goal-test-on-generate" : "goal-test-on-pop",
      goal.goal_test == GoalTest::OnGenerate
          ? "You test for the goal when a node is generated; this assignment tests when it is "
            "popped from the frontier."
          : "You test for the goal when a node is popped; this assignment tests when it is "
            "generated.",
      goal);

  for (Duplicates policy : {Duplicates::None, Duplicates::OnPush, Duplicates::ClosedOnPop,
                            Duplicates::VisitedOnPop, Duplicates::ReopenIfCheaper}) {
    Semantics variant = base;
    variant.duplicates = policy;
    const std::string code = policy == Duplicates::None
                                 ? "no-duplicate-detection"
                                 : "duplicates-" + std::string(duplicates_name(policy));
    add(code,
        "Your search " + describe_duplicates(policy) + "; this assignment's search " +
            describe_duplicates(*base.duplicates) + ".",
        variant);
  }

  Semantics push = base;
  push.push_order = *base.push_order == PushOrder::Reverse ? PushOrder::Forward : PushOrder::Reverse;
  add(*push.push_order == PushOrder::Forward ? "push-order-forward" : "push-order-reverse",
      *push.push_order == PushOrder::Forward
          ? "You push successors in action order, so they come off the stack in reverse; this "
            "assignment pushes them in reverse so that they pop in action order."
          : "You push successors in reverse action order; this assignment pushes them in action "
            "order.",
      push);

  if (base.depth_limit) {
    for (int delta : {-1, 1}) {
      Semantics variant = base;
      variant.depth_limit = *base.depth_limit + delta;
      if (*variant.depth_limit < 0) continue;
      add("depth-limit-off-by-one",
          "Your depth limit is off by one: you act as if it were " +
              std::to_string(*variant.depth_limit) + ", the assignment's is " +
              std::to_string(*base.depth_limit) + " (nodes deeper than it are not pushed).",
          variant);
    }
  }

  const std::vector<TieKey>& keys = *base.tie_break;
  for (auto [from, to] : {std::pair{TieKey::Fifo, TieKey::Lifo}, std::pair{TieKey::Lifo, TieKey::Fifo}}) {
    if (std::find(keys.begin(), keys.end(), from) == keys.end()) continue;
    Semantics variant = base;
    std::replace(variant.tie_break->begin(), variant.tie_break->end(), from, to);
    add(to == TieKey::Lifo ? "ties-lifo" : "ties-fifo",
        to == TieKey::Lifo ? "Among equal priorities you take the newest node first (LIFO); this "
                             "assignment takes the oldest first (FIFO)."
                           : "Among equal priorities you take the oldest node first (FIFO); this "
                             "assignment takes the newest first (LIFO).",
        variant);
  }

  Semantics cost = base;
  cost.cost = base.cost == CostModel::Unit ? CostModel::Tile : CostModel::Unit;
  add(cost.cost == CostModel::Unit ? "cost-unit" : "cost-tile",
      cost.cost == CostModel::Unit
          ? "Every move costs you 1; in this assignment moving tile k costs k."
          : "You charge k for moving tile k; in this assignment every move costs 1.",
      cost);

  std::array<Move, kMoveCount> order = {Move::Up, Move::Down, Move::Left, Move::Right};
  std::sort(order.begin(), order.end());
  do {
    Semantics variant = base;
    variant.action_order = order;
    add("action-order-" + action_order_name(order),
        "You generate successors in the order " + action_order_name(order) +
            "; this assignment uses " + action_order_name(base.action_order) + ".",
        variant);
  } while (std::next_permutation(order.begin(), order.end()));
  return variants;
}

namespace {

// How many of a budget-stopped run's expansions are compared: enough to tell the variants apart,
// and a bound on the engine's work (a BFS budget may be millions, times every variant).
constexpr std::size_t kComparedExpansions = 20'000;

// A run the expansion budget stopped has no path or count, but its expansions are the beginning of
// its search: the first variant whose search begins with the same expansions (the first
// kComparedExpansions of them) and goes on past them, as the student's tried to, names the mistake.
std::optional<Diagnosis> diagnose_unfinished(const Task& task, const Problem& problem,
                                             Heuristic* heuristic,
                                             const std::vector<Variant>& candidates,
                                             const std::vector<Board>& expansions) {
  const std::size_t made = std::min(expansions.size(), kComparedExpansions);
  for (const Variant& candidate : candidates) {
    SearchSpec spec = engine_spec(task, heuristic, true);
    spec.semantics = candidate.semantics;
    // Enough nodes for one expansion more than the student made (each creates at most four).
    spec.limits.max_nodes =
        std::min<std::uint64_t>(spec.limits.max_nodes, (made + 2) * kMoveCount + 1);
    const SearchResult result = search(problem, spec);
    if (result.trace.size() <= made ||
        !std::equal(expansions.begin(), expansions.begin() + static_cast<std::ptrdiff_t>(made),
                     result.trace.begin())) {
      continue;
    }
    if (candidate.code.empty()) return std::nullopt;  // the reference itself needs more
    return Diagnosis{candidate.code, candidate.explanation};
  }
  return std::nullopt;
}

}  // namespace

std::optional<Diagnosis> diagnose_search(const Task& task, const TestCase& test,
                                         const StudentSearchRun& run) {
  if (!run.completed && !run.out_of_expansions) return std::nullopt;
  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) {
    auto made = make_heuristic(*task.heuristic, task.goal);
    if (!made) return std::nullopt;
    heuristic = std::move(*made);
  }
  const Semantics base = resolve(task.semantics, task.algorithm);
  std::vector<Variant> candidates = {{"", "", base}};
  for (Variant& variant : mistake_catalogue(task)) candidates.push_back(std::move(variant));

  const Problem problem{test.start, task.goal};
  if (!run.completed) {
    return diagnose_unfinished(task, problem, heuristic.get(), candidates, run.expansions);
  }
  for (const Variant& candidate : candidates) {
    // Without a trace first: most variants already differ in their path, and traces of long
    // depth-first runs are the expensive part.
    SearchSpec spec = engine_spec(task, heuristic.get(), false);
    spec.semantics = candidate.semantics;
    // A variant that needs more expansions than the student made cannot match: cap its nodes
    // (at most four children per expansion) so tree-search variants stop early.
    spec.limits.max_nodes = std::min<std::uint64_t>(
        spec.limits.max_nodes, (run.expansions.size() + 1) * kMoveCount + 1);
    SearchResult result = search(problem, spec);
    if (result.status != SearchStatus::Solved || result.path != run.path ||
        result.counters.expanded != run.expansions.size()) {
      continue;
    }
    spec.record_trace = true;
    result = search(problem, spec);
    if (result.trace != run.expansions) continue;
    // No count graded, or none returned: path and expansion order name the mistake (a missing
    // count is reported by the count check itself).
    if (!candidate.code.empty() && (!task.checks.count || !run.reported_count)) {
      return Diagnosis{candidate.code, candidate.explanation};
    }
    if (!task.checks.count) return std::nullopt;  // the reference's own path and order
    // Path and expansion order match this variant: now find what the student counted.
    const CountKind wanted = base.count;
    if (run.reported_count &&
        *run.reported_count == static_cast<std::int64_t>(result.counters.selected(wanted))) {
      if (candidate.code.empty()) return std::nullopt;  // nothing wrong under this test
      return Diagnosis{candidate.code, candidate.explanation};
    }
    for (CountKind kind : {CountKind::Expanded, CountKind::Popped, CountKind::Generated,
                           CountKind::Discovered, CountKind::Pushed}) {
      if (kind == wanted || !run.reported_count ||
          *run.reported_count != static_cast<std::int64_t>(result.counters.selected(kind))) {
        continue;
      }
      const std::string count_code = "counts-" + std::string(count_name(kind));
      const std::string count_text = "You count " + count_phrase(kind) +
                                     "; this assignment counts " + count_phrase(wanted) + ".";
      if (candidate.code.empty()) return Diagnosis{count_code, count_text};
      return Diagnosis{candidate.code + "+" + count_code,
                       candidate.explanation + " " + count_text};
    }
    if (candidate.code.empty()) {
      return Diagnosis{"wrong-count",
                       "Your path and expansion order are right, but the count you return (" +
                           (run.reported_count ? std::to_string(*run.reported_count)
                                               : std::string("none")) +
                           ") matches none of the engine's counters."};
    }
  }
  return std::nullopt;
}

Diagnosis diagnose_answer(BoardFunction function, const Board& board, const Board& goal,
                          const FunctionValue& got) {
  if (function == BoardFunction::IsGoal) {
    return {"wrong-goal-test", "Your goal test must be true exactly when every tile, the blank "
                               "included, is where the goal has it."};
  }
  const FunctionValue expected = reference_answer(function, board, goal);
  const bool returned_board = got.kind == FunctionValue::Kind::Board;
  if (expected.kind == FunctionValue::Kind::False && returned_board) {
    return {"allowed-an-impossible-move",
            "The blank is on the edge it would move across: return false, as the notebook does."};
  }
  if (expected.kind == FunctionValue::Kind::Board && !returned_board) {
    return {"refused-a-possible-move", "This move is possible here: return the board after it."};
  }
  if (returned_board) {
    constexpr BoardFunction kSlides[] = {BoardFunction::SlideUp, BoardFunction::SlideDown,
                                         BoardFunction::SlideLeft, BoardFunction::SlideRight};
    for (BoardFunction other : kSlides) {
      if (other == function || !(reference_answer(other, board, goal) == got)) continue;
      if (reverse_move(*slide_move(other)) == *slide_move(function)) {
        return {"tile-centred-move",
                "You moved a tile that way; the slide functions move the BLANK (slide_up swaps "
                "the blank with the tile above it)."};
      }
      return {"wrong-direction", "You moved the blank " +
                                     std::string(move_name(*slide_move(other))) + ", not " +
                                     std::string(move_name(*slide_move(function))) + "."};
    }
  }
  return {"wrong-board", "Only the blank and the tile it swaps with may change place."};
}

std::string draw_side_by_side(const Board& left, const std::string& left_caption,
                              const Board& right, const std::string& right_caption) {
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::stringstream stream(text);
    for (std::string line; std::getline(stream, line);) out.push_back(line);
    return out;
  };
  const auto a = lines(draw_board(left));
  const auto b = lines(draw_board(right));
  std::size_t width = left_caption.size();
  for (const auto& line : a) width = std::max(width, line.size());
  width += 4;
  std::string out = left_caption + std::string(width - left_caption.size(), ' ') + right_caption +
                    "\n";
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const std::string l = i < a.size() ? a[i] : "";
    out += l + std::string(width - l.size(), ' ') + (i < b.size() ? b[i] : "") + "\n";
  }
  return out;
}

std::optional<std::string> first_divergence(const std::vector<Board>& student,
                                            const std::vector<Board>& reference) {
  const std::size_t common = std::min(student.size(), reference.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (!(student[i] == reference[i])) {
      return "Expansion " + std::to_string(i + 1) + " differs (the first " + std::to_string(i) +
             " agree):\n" + draw_side_by_side(student[i], "you expanded", reference[i],
                                               "the reference expanded");
    }
  }
  if (student.size() == reference.size()) return std::nullopt;
  if (student.size() < reference.size()) {
    return "You stopped after " + std::to_string(student.size()) +
           " expansions; the reference goes on to expansion " + std::to_string(common + 1) +
           ":\n" + draw_board(reference[common]);
  }
  return "The reference stops after " + std::to_string(reference.size()) +
         " expansions; your expansion " + std::to_string(common + 1) + " is extra:\n" +
         draw_board(student[common]);
}

}  // namespace tile
