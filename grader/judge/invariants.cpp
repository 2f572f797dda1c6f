#include "grader/judge/invariants.h"

#include <algorithm>
#include <string>
#include <vector>

#include "grader/judge/diagnosis.h"
#include "grader/judge/expansion_invariants.h"
#include "grader/judge/frontier_invariants.h"
#include "grader/judge/goal_test_invariants.h"
#include "grader/judge/heap_replay.h"
#include "grader/judge/round_branches.h"
#include "grader/judge/round_order.h"
#include "grader/spec/text.h"

namespace tile {

EvidenceBoard evidence_board(std::string caption, const ObservedNode& node) {
  return {std::move(caption), node.board, node.depth, node.g, node.h, node.generated_at,
          node.expanded_at};
}

void point_at_expansion_call(Diagnosis& diagnosis, const ObservedTree& tree) {
  if (!diagnosis.step) return;
  StepEvidence& evidence = *diagnosis.step;
  if (evidence.unit != StepUnit::Expansion || evidence.step == 0 || !evidence.call.empty() ||
      evidence.step > tree.expansions.size()) {
    return;
  }
  const std::uint32_t line = tree.expansions[evidence.step - 1].line;
  if (line == 0) return;
  evidence.call = "successors";
  evidence.line = line;
}

namespace {

std::string number(std::uint64_t value) { return std::to_string(value); }

struct Layer {
  int depth = 0;
  std::uint64_t expansions = 0;
};

// The depth of the run's last expansion's board and how many expansions were of boards at that
// depth; nothing when a board expanded has no depth (its first links do not reach the start).
std::optional<Layer> last_layer(const ObservedTree& tree) {
  if (tree.expansions.empty()) return std::nullopt;
  const std::optional<int> last = tree.nodes[tree.expansions.back().node].depth;
  if (!last) return std::nullopt;
  Layer layer{*last, 0};
  for (const ObservedExpansion& expansion : tree.expansions) {
    const std::optional<int> depth = tree.nodes[expansion.node].depth;
    if (!depth) return std::nullopt;
    layer.expansions += *depth == *last ? 1 : 0;
  }
  return layer;
}

}  // namespace

ObservedTree observed_tree_of(const Task& task, const StudentSearchRun& run,
                              Heuristic* heuristic) {
  const ResolvedSemantics resolved = task.semantics;
  return build_observed_tree(run.observed, resolved.cost, heuristic);
}

std::optional<Diagnosis> broken_path_integrity(const Task& task, const Board& start,
                                               const StudentSearchRun& run,
                                               const ObservedTree& tree) {
  const Board& goal = task.goal;
  // Only a whole record of a run that returned moves shows what the search never did.
  if (!run.completed || !run.returned_boards.empty() || !tree.complete || tree.nodes.empty() ||
      !(tree.nodes[0].board == start)) {
    return std::nullopt;
  }
  if (run.path.empty()) {
    // A depth-limited search may generate the goal below its limit and rightly not reach it.
    if (start == goal || task.algorithm == Algorithm::Dls) return std::nullopt;
    const auto found = tree.find(goal);
    if (!found || !tree.nodes[*found].generated_at) return std::nullopt;
    const ObservedNode& reached = tree.nodes[*found];
    StepEvidence evidence{StepUnit::Expansion, *reached.generated_at, {}, {}};
    evidence.boards.push_back(evidence_board("you expanded", tree.nodes[*reached.parent]));
    evidence.boards.push_back(evidence_board("and generated the goal", reached));
    Diagnosis diagnosis =
        named(DiagnosisId::PathEmptyAfterGoal, {{"step", number(*reached.generated_at)}});
    diagnosis.step = std::move(evidence);
    point_at_expansion_call(diagnosis, tree);
    return diagnosis;
  }
  // Every move of a route the search followed leaves a board it expanded (bidirectional search:
  // a move's one end or the other), so no such route is longer than the search's expansions.
  const std::uint64_t expansions = run.observed.successors_calls;
  if (task.algorithm != Algorithm::Bibfs && run.path.size() > expansions) {
    StepEvidence evidence{StepUnit::PathMove, 0, {}, {}};
    evidence.counts = {{"moves in your path", run.path.size()},
                       {"problem:successors calls", expansions}};
    Diagnosis diagnosis =
        named(DiagnosisId::PathLongerThanSearch, {{"moves", counted(run.path.size(), "move")},
                                          {"expansions", counted(expansions, "expansion")}});
    diagnosis.step = std::move(evidence);
    return diagnosis;
  }
  // A branch of a search that marks states never holds a state twice, nor does a shortest path;
  // a depth-first tree search's may.
  const ResolvedSemantics resolved = task.semantics;
  const bool no_repeats = resolved.duplicates != Duplicates::None ||
                          task.algorithm == Algorithm::Bfs || task.algorithm == Algorithm::Ucs;
  std::vector<Board> passed = {start};
  Board board = start;
  for (std::size_t k = 0; k < run.path.size(); ++k) {
    const Move move = run.path[k];
    if (!board.can_move(move)) return std::nullopt;  // an illegal move: the path check says so
    const Board next = board.moved(move);
    const auto from = tree.find(board);
    const auto to = tree.find(next);
    auto expanded = [&](std::optional<std::uint32_t> node) {
      return node && tree.nodes[*node].times_expanded > 0;
    };
    // Bidirectional search reaches the goal's half of its path from the goal's side: there the
    // move's other end is the board expanded.
    if (!expanded(from) && !(task.algorithm == Algorithm::Bibfs && expanded(to))) {
      const std::size_t step = k + 1;
      StepEvidence evidence{StepUnit::PathMove, step, {}, {}};
      const std::string move_text = "move " + number(step);
      const std::string starts = move_text + " starts here";
      evidence.boards.push_back(from ? evidence_board(starts, tree.nodes[*from])
                                     : EvidenceBoard{starts, board});
      evidence.boards.push_back(to ? evidence_board("and ends here", tree.nodes[*to])
                                   : EvidenceBoard{"and ends here", next});
      Diagnosis diagnosis = named(DiagnosisId::PathMoveNeverGenerated, {{"step", number(step)}});
      diagnosis.step = std::move(evidence);
      return diagnosis;
    }
    const auto earlier = std::find(passed.begin(), passed.end(), next);
    // A search that did not test a start that is the goal before expanding it generates the
    // start again as a child and accepts it there: that path back to the start is its own
    // route, not a shared list (the missing start test is the mistake, named elsewhere).
    const bool back_to_untested_start = earlier == passed.begin() && start == goal &&
                                        tree.nodes[0].goal_tested_at != std::size_t{0};
    if (no_repeats && earlier != passed.end() && !back_to_untested_start) {
      const std::size_t step = k + 1;
      StepEvidence evidence{StepUnit::PathMove, step, {}, {}};
      const std::string caption =
          earlier == passed.begin()
              ? "move " + number(step) + " comes back to the start"
              : "move " + number(step) + " comes back to where move " +
                    number(static_cast<std::uint64_t>(earlier - passed.begin())) + " led";
      evidence.boards.push_back(to ? evidence_board(caption, tree.nodes[*to])
                                   : EvidenceBoard{caption, next});
      Diagnosis diagnosis = named(DiagnosisId::PathRevisitsBoard, {{"step", number(step)}});
      diagnosis.step = std::move(evidence);
      return diagnosis;
    }
    passed.push_back(next);
    board = next;
  }
  return std::nullopt;
}

std::optional<Diagnosis> bfs_order_broken(const Task& task, const ObservedTree& tree) {
  if (task.algorithm != Algorithm::Bfs || tree.nodes.empty()) return std::nullopt;
  // The boards in the order of their first expansions, up to the first the run never generated
  // (a board changed in place or built by the script has no place in the order).
  std::vector<std::uint32_t> order;
  for (std::size_t k = 0; k < tree.expansions.size(); ++k) {
    const std::uint32_t index = tree.expansions[k].node;
    const ObservedNode& node = tree.nodes[index];
    if (node.expanded_at != k + 1) continue;  // expanded before: not its first expansion
    if (index != 0 && !node.generated_at) break;
    order.push_back(index);
  }
  if (order.size() < 2) return std::nullopt;
  auto generated = [&](std::uint32_t node) {
    return tree.nodes[node].generated_at.value_or(0);  // the start: before everything
  };
  // oldest_after[i]: of the boards first expanded after order[i], the one generated first.
  std::vector<std::uint32_t> oldest_after(order.size());
  oldest_after[order.size() - 2] = order.back();
  for (std::size_t i = order.size() - 2; i-- > 0;) {
    const std::uint32_t next = order[i + 1];
    const std::uint32_t later = oldest_after[i + 1];
    oldest_after[i] = generated(next) <= generated(later) ? next : later;
  }
  for (std::size_t i = 0; i + 1 < order.size(); ++i) {
    if (generated(oldest_after[i]) >= generated(order[i])) continue;
    const ObservedNode& taken = tree.nodes[order[i]];
    const ObservedNode& older = tree.nodes[oldest_after[i]];
    if (!taken.generated_at || !older.generated_at) return std::nullopt;  // the start expanded late
    const std::size_t step = *taken.expanded_at;
    StepEvidence evidence{StepUnit::Expansion, step, {}, {}};
    evidence.boards.push_back(evidence_board("you expanded", taken));
    evidence.boards.push_back(evidence_board("before this older board", older));
    Diagnosis diagnosis = named(DiagnosisId::FrontierNotOldestFirst,
                                {{"step", number(step)},
                                 {"late", number(*taken.generated_at)},
                                 {"early", number(*older.generated_at)},
                                 {"when", number(*older.expanded_at)}});
    diagnosis.step = std::move(evidence);
    return diagnosis;
  }
  return std::nullopt;
}

std::optional<Diagnosis> search_invariant_broken(const Task& task, const Board& start,
                                                 const StudentSearchRun& run,
                                                 const ObservedTree& tree) {
  std::optional<Diagnosis> first;
  auto keep_earliest = [&](std::optional<Diagnosis> found) {
    if (!found) return;
    const std::size_t step = found->step ? found->step->step : 0;
    if (!first || step < first->step->step) first = std::move(found);
  };
  keep_earliest(goal_not_stopped(task, start, run, tree));
  keep_earliest(expanded_again(task, tree));
  keep_earliest(frontier_order_broken(task, tree));
  keep_earliest(round_skipped_other_branch(task, tree));
  keep_earliest(heap_comparator_not_strict(task, tree));
  keep_earliest(popped_more_than_generated(task, run, tree));
  keep_earliest(goal_test_misplaced(task, run, tree));
  if (first) point_at_expansion_call(*first, tree);
  return first;
}

namespace {

// count_equals_other's reading of a run; with `numbers`, it only lists the run's numbers there.
std::optional<Diagnosis> read_count(const Task& task, const StudentSearchRun& run,
                                    const ObservedTree& tree, std::string_view confirmed,
                                    std::vector<std::pair<std::string, std::uint64_t>>* numbers) {
  const ResolvedSemantics resolved = task.semantics;
  // Bidirectional search's expansions are two sides', and an iterative-deepening count may be
  // the last round's alone: there the successors calls are not the task's count. Summed over
  // every round, they are.
  const bool rounds =
      task.algorithm == Algorithm::Iddfs || task.algorithm == Algorithm::Idastar;
  const bool counted_by_calls =
      task.algorithm != Algorithm::Bibfs &&
      (!rounds || resolved.rounds_counted == RoundsCounted::All);
  if (!counted_by_calls || resolved.count != CountKind::Expanded || !run.completed ||
      !run.reported_count || !tree.complete || *run.reported_count < 0) {
    return std::nullopt;
  }
  const ObservedSearch& observed = run.observed;
  const auto count = static_cast<std::uint64_t>(*run.reported_count);
  // A count of 0 is what a counter never incremented returns too: named only where the task's
  // other failing runs each name the same number alone.
  if (numbers == nullptr) {
    if (count == 0 && confirmed.empty()) return std::nullopt;
    if (count == observed.successors_calls) return std::nullopt;
  }
  std::uint64_t distinct_expanded = 0;
  std::uint64_t distinct_generated = 0;
  for (const ObservedNode& node : tree.nodes) {
    distinct_expanded += node.times_expanded > 0 ? 1 : 0;
    distinct_generated += node.generated_at ? 1 : 0;
  }
  struct Other {
    const char* what;    // the code's word
    std::string phrase;  // what the student reads
    std::uint64_t value;
    // A number read only when no other equals the count (the path's moves, the rounds): small
    // numbers that equal a count of the search's calls on short tests by chance, which must not
    // make a count those calls name ambiguous.
    bool secondary = false;
  };
  std::vector<Other> others = {
      {"children-returned", "children problem:successors returned", observed.children_returned},
      {"goal-tests", "problem:is_goal calls", observed.goal_tests},
      {"key-calls", "problem:key calls", observed.key_calls},
      {"distinct-expanded", "distinct boards expanded", distinct_expanded},
      {"distinct-generated", "distinct boards generated", distinct_generated},
  };
  // Breadth-first search expands layer by layer: a count kept per layer (reset at each new
  // depth) returns the expansions of the last layer it expanded in, the depth of its last
  // expansion's board along the run's own first links.
  if (task.algorithm == Algorithm::Bfs) {
    // A search that expanded nothing (its start the goal) has expanded nothing in any layer:
    // a test the identity holds on, though no layer is there to name.
    if (numbers != nullptr && tree.expansions.empty()) {
      others.push_back({"last-layer-expanded", "", 0});
    }
    if (auto layer = last_layer(tree)) {
      others.push_back({"last-layer-expanded",
                        "expansions at depth " + number(static_cast<std::uint64_t>(layer->depth)) +
                            ", the last depth your search expanded,",
                        layer->expansions});
      // A count reset as each layer begins, before its first board is tested: where the goal is
      // the first board of its layer, the count when it is taken is that layer's, 0.
      const auto goal = tree.find(task.goal);
      if (goal && tree.nodes[*goal].depth == layer->depth + 1 && !run.path.empty()) {
        others.push_back({"last-layer-expanded",
                          "expansions at depth " +
                              number(static_cast<std::uint64_t>(layer->depth + 1)) +
                              ", the goal's depth, before your search took the goal,",
                          0});
      }
    }
  }
  // The path returned as moves: a count that is the solution's length (a depth kept beside the
  // search) is its number of moves. A path returned as boards has none.
  if (run.returned_boards.empty()) {
    others.push_back({"path-length", "moves in the path you return", run.path.size(), true});
  }
  // Iterative deepening and IDA*: the rounds, where the record shows where each begins (at an
  // expansion of the start, round_order.h); a round that expanded nothing (IDDFS's first, at
  // limit 0) shows nowhere, so the number is of the rounds that expanded a board.
  if (rounds) {
    if (auto each = round_order_detail::rounds_of(tree, resolved)) {
      others.push_back({"rounds", "rounds that expanded a board", each->size(), true});
    }
  }
  if (task.heuristic) others.push_back({"h-calls", "heuristic calls", observed.heuristic_calls});
  // IDA* asks h once for its first bound before any round, then once for each node a round
  // reaches: a count of the nodes reached is the heuristic calls less that one.
  if (task.heuristic && task.algorithm == Algorithm::Idastar && observed.heuristic_calls > 0) {
    others.push_back({"h-calls-less-one", "heuristic calls, less one,",
                      observed.heuristic_calls - 1});
  }
  if (numbers != nullptr) {
    for (const Other& other : others) numbers->push_back({other.what, other.value});
    return std::nullopt;
  }
  std::vector<const Other*> matches;
  for (const bool secondary : {false, true}) {
    for (const Other& other : others) {
      if (other.secondary == secondary && other.value == count) matches.push_back(&other);
    }
    if (!matches.empty()) break;
  }
  // Two numbers match: which one is not certain, unless the task's other runs single one out
  // (a secondary one too: what names every other run names this one, whatever else it equals).
  const Other* match = matches.size() == 1 ? matches.front() : nullptr;
  const auto equal = std::count_if(others.begin(), others.end(),
                                   [&](const Other& other) { return other.value == count; });
  for (const Other& other : others) {
    if (equal > 1 && !confirmed.empty() && other.what == confirmed && other.value == count) {
      match = &other;
    }
  }
  if (match == nullptr || (count == 0 && match->what != confirmed)) return std::nullopt;
  // Some phrases are asides inside the sentence ("..., the last depth your search expanded,"):
  // as a count's label they lose the comma that closes the aside.
  std::string label = match->phrase;
  if (label.ends_with(',')) label.pop_back();
  StepEvidence evidence{StepUnit::Expansion, 0, {}, {}};
  evidence.counts = {{"your count", count},
                     {"problem:successors calls", observed.successors_calls},
                     {label, match->value}};
  // Where the count came from: the `return` the search function returned it from.
  const std::string on_line =
      run.return_line > 0 ? " on line " + number(std::uint64_t{run.return_line}) : "";
  Diagnosis diagnosis =
      named(DiagnosisId::CountEquals,
            {{"what", match->what},
             {"on_line", on_line},
             {"count", number(count)},
             {"yours", match->phrase},
             {"assignment", count_phrase(CountKind::Expanded, task.algorithm, resolved)},
             {"wanted", number(observed.successors_calls)}});
  diagnosis.step = std::move(evidence);
  diagnosis.line = run.return_line;
  return diagnosis;
}

}  // namespace

std::optional<Diagnosis> count_equals_other(const Task& task, const StudentSearchRun& run,
                                            const ObservedTree& tree,
                                            std::string_view confirmed) {
  return read_count(task, run, tree, confirmed, nullptr);
}

bool count_equals_number(const Task& task, const StudentSearchRun& run, const ObservedTree& tree,
                         std::string_view what) {
  std::vector<std::pair<std::string, std::uint64_t>> numbers;
  (void)read_count(task, run, tree, what, &numbers);
  for (const auto& [word, value] : numbers) {
    if (word == what && run.reported_count &&
        static_cast<std::uint64_t>(*run.reported_count) == value) {
      return true;
    }
  }
  return false;
}

}  // namespace tile
