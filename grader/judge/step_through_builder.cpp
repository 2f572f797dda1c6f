#include "grader/judge/step_through_builder.h"

#include <algorithm>
#include <memory>
#include <vector>

#include "engine/frontier_key.h"
#include "grader/spec/task_heuristic.h"
#include "grader/spec/text.h"
#include "engine/search.h"
#include "grader/judge/comparison.h"
#include "grader/judge/observed_tree.h"

namespace tile {

namespace {

// Only the order is read of this comparison; a run's cost never matters to it, so the cost model
// given to summary_of is any.
constexpr Compared kOrderOnly{.path = PathCheck::Valid, .cost = false, .count = false,
                              .count_tolerance = 0, .order = true};

// What the assignment's frontier orders by, as the view names it; empty for a stack (depth-first
// searches take the newest entry whatever its key).
std::string key_name_of(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Bfs: return "depth";
    case Algorithm::Ucs: return "g";
    case Algorithm::Greedy: return "h";
    case Algorithm::Astar: return "f";
    case Algorithm::WeightedAstar: return "g + w h";
    default: return "";
  }
}

// Whether entries of equal key are taken newest first (the tie-break chain's first fifo/lifo).
bool newest_first(const ResolvedSemantics& semantics) {
  for (const TieKey key : semantics.tie_break) {
    if (key == TieKey::Fifo) return false;
    if (key == TieKey::Lifo || key == TieKey::ParentLifo) return true;
  }
  return false;
}

std::string order_words(const std::string& key_name, bool newest) {
  const std::string ties = newest ? "newest first" : "oldest first";
  if (key_name.empty()) return "last in, first out (" + ties + ")";
  return "lowest " + key_name + " first, then " + ties;
}

// The student's node's key, as the engine orders its frontier (engine/frontier_key.h), when the
// run shows every term the key reads.
std::optional<std::int64_t> key_of(Algorithm algorithm, Weight weight, std::optional<int> depth,
                                   std::optional<std::int64_t> g, std::optional<std::int64_t> h) {
  const FrontierKeyTerms terms = frontier_key_terms(algorithm);
  if (!terms.any() || (terms.depth && !depth) || (terms.g && !g) || (terms.h && !h)) {
    return std::nullopt;
  }
  return frontier_key(algorithm, weight, depth.value_or(0), g.value_or(0), h.value_or(0));
}

StepBoard reference_board(const NodeFacts& facts, bool has_h, const std::string& key_name) {
  StepBoard out{facts.board, facts.depth, facts.g, std::nullopt, std::nullopt, facts.move};
  if (has_h) out.h = facts.h;
  if (!key_name.empty()) out.key = facts.priority;
  return out;
}

StepBoard student_board(const Task& task, const ObservedNode& node) {
  StepBoard out{node.board, node.depth, node.g, node.h,
                key_of(task.algorithm, task.weight, node.depth, node.g, node.h), std::nullopt};
  if (node.parent) out.move = node.move;
  return out;
}

// The student's run seen through its record: for each node, the order it was first generated in
// (the start first), what the rebuilt frontier sorts its ties by.
std::vector<std::size_t> generation_order(const ObservedTree& tree) {
  constexpr std::size_t kNever = static_cast<std::size_t>(-1);
  std::vector<std::size_t> order(tree.nodes.size(), kNever);
  std::size_t next = 0;
  if (!order.empty()) order[0] = next++;
  for (const ObservedExpansion& expansion : tree.expansions) {
    for (std::size_t c = 0; c < expansion.child_count; ++c) {
      const std::uint32_t child = tree.children[expansion.first_child + c].board;
      if (order[child] == kNever) order[child] = next++;
    }
  }
  return order;
}

// The boards the student's run had generated before expansion `step` and had not expanded by it,
// in the assignment's order: the frontier a correct search of this kind would hold.
StepSide student_side(const Task& task, const ObservedTree& tree,
                      const std::vector<std::size_t>& order, bool newest, std::size_t step) {
  StepSide side;
  const ObservedNode& expanded = tree.nodes[tree.expansions[step - 1].node];
  side.expanded = student_board(task, expanded);
  std::vector<std::uint32_t> waiting;
  for (std::uint32_t n = 0; n < tree.nodes.size(); ++n) {
    const ObservedNode& node = tree.nodes[n];
    const bool generated = n == 0 || (node.generated_at && *node.generated_at < step);
    const bool open = !node.expanded_at || *node.expanded_at > step;
    if (generated && open) waiting.push_back(n);
  }
  std::vector<std::optional<std::int64_t>> keys(tree.nodes.size());
  for (const std::uint32_t n : waiting) keys[n] = student_board(task, tree.nodes[n]).key;
  std::stable_sort(waiting.begin(), waiting.end(), [&](std::uint32_t a, std::uint32_t b) {
    if (keys[a] != keys[b]) {
      if (!keys[a] || !keys[b]) return keys[a].has_value();  // unknown keys last
      return *keys[a] < *keys[b];
    }
    return newest ? order[a] > order[b] : order[a] < order[b];
  });
  side.frontier_size = waiting.size();
  for (std::size_t i = 0; i < waiting.size() && i < kFrontierShown; ++i) {
    side.frontier.push_back(student_board(task, tree.nodes[waiting[i]]));
  }
  return side;
}

void add_path_facts(StepThrough& through, const Board& start, const std::vector<Move>& path,
                    const std::vector<Move>& reference) {
  // Shown in the view's path line (and its data): a script's path may be a million moves, so
  // the view keeps the first kViewMoves and says how long the path is.
  constexpr std::size_t kViewMoves = 2'000;
  through.student_path = cut_moves(format_moves(path), kViewMoves);
  through.reference_path = cut_moves(format_moves(reference), kViewMoves);
  Board board = start;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (!board.can_move(path[i])) {
      through.path_illegal_at = i + 1;
      break;
    }
    board = board.moved(path[i]);
  }
  std::size_t at = 0;
  while (at < path.size() && at < reference.size() && path[at] == reference[at]) ++at;
  if (at < path.size() || at < reference.size()) through.path_leaves_at = at + 1;
}

}  // namespace

std::optional<StepThrough> build_step_through(const Task& task, const TestCase& test,
                                              const Expectation& expected,
                                              const StudentSearchRun& run,
                                              const TestDiagnosis& diagnosis) {
  if (task.kind != TaskKind::Search || test.visibility != Visibility::Visible) return std::nullopt;
  if (task.algorithm == Algorithm::Bibfs) return std::nullopt;  // two frontiers: not this view
  if (run.expansions.empty() && run.path.empty()) return std::nullopt;
  StepThrough through;
  through.key_name = key_name_of(task.algorithm);
  through.student_expansions = static_cast<std::size_t>(run.expanded);
  through.reference_expansions = expected.trace.size();
  const std::vector<Board>& mine = run.expansions;
  const std::vector<Board>& theirs = expected.trace;
  // The judge's own comparison of the order (a run stopped by its budget is compared as far as
  // it went): the view's divergence is the one the order check reports.
  RunSummary order_only = summary_of(run, test.start, task.goal, CostModel::Unit);
  order_only.stopped = false;
  const Comparison compared = compare_run(kOrderOnly, expected, order_only);
  if (compared.first_divergence) through.divergence = *compared.first_divergence + 1;
  if (diagnosis.step && diagnosis.step->unit == StepUnit::Expansion && diagnosis.step->step > 0) {
    through.focus = diagnosis.step->step;
    through.focus_is = StepThrough::Focus::JudgeStep;
  } else if (through.divergence) {
    through.focus = *through.divergence;
    through.focus_is = StepThrough::Focus::Divergence;
  } else {
    through.focus = std::max<std::size_t>(1, mine.size());
  }
  const std::size_t known = std::max(mine.size(), theirs.size());
  const std::size_t first = through.focus > kStepsBefore ? through.focus - kStepsBefore : 1;
  const std::size_t last = std::min(known, through.focus + kStepsAfter);

  std::unique_ptr<Heuristic> heuristic;
  if (task.heuristic) {
    if (auto made = make_task_heuristic(task)) heuristic = std::move(*made);
  }
  SearchSpec spec = engine_spec(task, heuristic.get(), true);
  spec.detail = DetailWindow{first - 1, last, kFrontierShown};
  const SearchResult reference = search({test.start, task.goal}, spec);
  const bool newest = newest_first(reference.semantics);
  through.order_words = order_words(through.key_name, newest);

  const ObservedTree tree =
      build_observed_tree(run.observed, reference.semantics.cost, heuristic.get());
  const bool tree_usable = !tree.nodes.empty() && tree.nodes[0].board == test.start;
  through.student_frontier_known = tree_usable;
  const std::vector<std::size_t> order =
      tree_usable ? generation_order(tree) : std::vector<std::size_t>{};
  for (std::size_t step = first; step <= last; ++step) {
    ThroughStep shown{step, {}, {}};
    if (tree_usable && step <= tree.expansions.size()) {
      shown.student = student_side(task, tree, order, newest, step);
    } else if (step <= mine.size()) {
      shown.student.expanded = StepBoard{mine[step - 1]};
    }
    const auto detail =
        std::find_if(reference.details.begin(), reference.details.end(),
                     [&](const ExpansionDetail& d) { return d.expansion + 1 == step; });
    if (detail != reference.details.end()) {
      shown.reference.expanded = reference_board(detail->node, heuristic != nullptr,
                                                 through.key_name);
      for (const NodeFacts& entry : detail->frontier) {
        shown.reference.frontier.push_back(
            reference_board(entry, heuristic != nullptr, through.key_name));
      }
      shown.reference.frontier_size = detail->frontier_size;
    }
    through.steps.push_back(std::move(shown));
  }
  if (run.returned_boards.empty()) add_path_facts(through, test.start, run.path, expected.path);
  return through;
}

}  // namespace tile
