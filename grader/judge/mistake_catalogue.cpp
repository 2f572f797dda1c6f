#include "grader/judge/mistake_catalogue.h"

#include <algorithm>
#include <array>
#include <optional>

#include "grader/spec/expectation.h"

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
    case Duplicates::ClosedOnExpand:
      return "closes a state only when it expands it, so a node cut off at the limit comes back";
  }
  return "";
}

std::string priority_phrase(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Astar: return "f = g + h";
    case Algorithm::WeightedAstar: return "g + w*h";
    case Algorithm::Ucs: return "g";
    case Algorithm::Greedy: return "h";
    case Algorithm::Bfs: return "depth";
    default: return "nothing but the order of arrival";
  }
}

std::string tie_key_phrase(TieKey key) {
  switch (key) {
    case TieKey::Fifo: return "the oldest node first";
    case TieKey::Lifo: return "the newest node first";
    case TieKey::Action: return "the rank of the move in the action order";
    case TieKey::State: return "the boards' tiles, smallest first";
    case TieKey::Path: return "the paths' moves";
    case TieKey::ParentLifo: return "the newest parent first";
    case TieKey::HLow: return "the smaller h";
    case TieKey::GHigh: return "the larger g";
    case TieKey::GLow: return "the smaller g";
  }
  return "";
}

// How the task's frontier orders its nodes, for sentences about ties: "Python's heapq comparing
// f = g + h, then the rank of the move in the action order".
std::string describe_frontier(const Semantics& base, Algorithm algorithm) {
  std::string out = base.queue == QueueKind::PythonHeapq
                        ? "Python's heapq comparing " + priority_phrase(algorithm)
                        : "ordered by " + priority_phrase(algorithm);
  const std::vector<TieKey>& keys = *base.tie_break;
  if (keys.empty()) return out + " alone";
  for (TieKey key : keys) out += ", then " + tie_key_phrase(key);
  return out;
}

bool has_key(const std::vector<TieKey>& keys, TieKey key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace

Diagnosis named(std::string_view key, const Placeholders& values) {
  const DiagnosisCode& entry = diagnosis_code(key);
  return {fill(entry.code, values), fill(entry.sentence, values)};
}

Variant reference_variant(const Task& task) {
  return {"", "", resolve(task.semantics, task.algorithm), task.algorithm, task.weight, ""};
}

SearchSpec variant_spec(const Task& task, const Variant& variant, Heuristic* heuristic,
                        bool record_trace) {
  SearchSpec spec = engine_spec(task, heuristic, record_trace);
  spec.algorithm = variant.algorithm;
  spec.semantics = variant.semantics;
  spec.weight = variant.weight;
  return spec;
}

std::vector<Variant> mistake_catalogue(const Task& task) {
  const Semantics base = resolve(task.semantics, task.algorithm);
  const bool stack = is_depth_first(task.algorithm);
  std::vector<Variant> variants;
  // A variant runs the task's algorithm unless the mistake is the frontier or the priority.
  auto add = [&](const Diagnosis& named_as, Semantics semantics, std::string detail = "",
                 std::optional<Algorithm> algorithm = std::nullopt,
                 std::optional<Weight> weight = std::nullopt) {
    if (semantics == base && !algorithm) return;
    variants.push_back({named_as.code, named_as.explanation, std::move(semantics),
                        algorithm.value_or(task.algorithm), weight.value_or(task.weight),
                        std::move(detail)});
  };

  Semantics goal = base;
  goal.goal_test = base.goal_test == GoalTest::OnPop ? GoalTest::OnGenerate : GoalTest::OnPop;
  add(named(goal.goal_test == GoalTest::OnGenerate ? "goal-test-on-generate" : "goal-test-on-pop"),
      goal);

  // Only the children tested on generate: the start, never tested, is not seen as the goal.
  Semantics start = base;
  start.goal_test = GoalTest::OnGenerateNotStart;
  add(named("start-never-goal-tested"), start);

  const Placeholders assignment_duplicates = {{"assignment", describe_duplicates(*base.duplicates)}};
  for (Duplicates policy : {Duplicates::None, Duplicates::OnPush, Duplicates::ClosedOnPop,
                            Duplicates::VisitedOnPop, Duplicates::ReopenIfCheaper}) {
    Semantics variant = base;
    variant.duplicates = policy;
    add(named(policy == Duplicates::None ? "no-duplicate-detection"
                                         : "duplicates-" + std::string(duplicates_name(policy)),
              assignment_duplicates),
        variant);
  }

  Semantics push = base;
  push.push_order = *base.push_order == PushOrder::Reverse ? PushOrder::Forward : PushOrder::Reverse;
  add(named(*push.push_order == PushOrder::Forward ? "push-order-forward" : "push-order-reverse"),
      push);

  if (base.depth_limit) {
    for (int delta : {-1, 1}) {
      Semantics variant = base;
      variant.depth_limit = *base.depth_limit + delta;
      if (*variant.depth_limit < 0) continue;
      add(named("depth-limit-off-by-one", {{"yours", std::to_string(*variant.depth_limit)},
                                           {"assignment", std::to_string(*base.depth_limit)}}),
          variant, std::to_string(*variant.depth_limit));
    }
  }

  // The wrong data structure: BFS taking the newest node (table.remove(t), children appended in
  // action order), DFS taking the oldest (its ties, which are its whole order, made FIFO).
  if (task.algorithm == Algorithm::Bfs) {
    Semantics variant = base;
    variant.tie_break = std::vector<TieKey>{TieKey::Lifo};
    variant.push_order = PushOrder::Forward;
    add(named("frontier-stack"), variant, "", Algorithm::Dfs);
  }
  const std::vector<TieKey>& keys = *base.tie_break;
  for (auto [from, to] : {std::pair{TieKey::Fifo, TieKey::Lifo}, std::pair{TieKey::Lifo, TieKey::Fifo}}) {
    if (!has_key(keys, from)) continue;
    // The list is edited as a plain vector: GCC 12 misreads edits inside the optional as
    // uses of uninitialised memory (-Wmaybe-uninitialized).
    std::vector<TieKey> ties = keys;
    std::replace(ties.begin(), ties.end(), from, to);
    Semantics variant = base;
    variant.tie_break = std::move(ties);
    if (stack && to == TieKey::Fifo) {
      add(named("frontier-queue"), variant);
    } else {
      add(named(to == TieKey::Lifo ? "ties-lifo" : "ties-fifo"), variant);
    }
  }

  // The wrong priority, for A*: h alone, g alone, h weighted.
  if (task.algorithm == Algorithm::Astar) {
    add(named("priority-h-only"), base, "", Algorithm::Greedy);
    add(named("priority-g-only"), base, "", Algorithm::Ucs);
    add(named("priority-weighted"), base, "", Algorithm::WeightedAstar, Weight{2, 1});
  }

  // The wrong order among ties in a priority queue: insertion order where the task asks for
  // Python's heap, the heap where it asks for insertion order, a required tie key left out.
  if (!stack && task.algorithm != Algorithm::Bfs) {
    const std::string frontier = describe_frontier(base, task.algorithm);
    if (base.queue == QueueKind::PythonHeapq) {
      for (TieKey arrival : {TieKey::Fifo, TieKey::Lifo}) {
        std::vector<TieKey> ties = keys;
        ties.push_back(arrival);
        Semantics variant = base;
        variant.queue = QueueKind::Stable;
        variant.tie_break = std::move(ties);
        add(named("ties-in-insertion-order",
                  {{"which", arrival == TieKey::Fifo ? "oldest" : "newest"},
                   {"assignment", frontier}}),
            variant, std::string(tie_key_name(arrival)));
      }
      // A heap of the student's own (the textbook's sift), comparing the same keys.
      Semantics textbook = base;
      textbook.queue = QueueKind::BinaryHeap;
      add(named("ties-in-textbook-heap-order", {{"assignment", frontier}}), textbook);
    } else if (has_key(keys, TieKey::Fifo) || has_key(keys, TieKey::Lifo)) {
      std::vector<TieKey> ties = keys;
      std::erase(ties, TieKey::Fifo);
      std::erase(ties, TieKey::Lifo);
      Semantics variant = base;
      variant.queue = QueueKind::PythonHeapq;
      variant.tie_break = std::move(ties);
      add(named("ties-in-heap-order", {{"assignment", frontier}}), variant);
    }
    for (TieKey key : keys) {
      if (key == TieKey::Fifo || key == TieKey::Lifo) continue;
      std::vector<TieKey> ties = keys;
      std::erase(ties, key);
      Semantics variant = base;
      variant.tie_break = std::move(ties);
      add(named("ties-ignore-{key}", {{"key", std::string(tie_key_name(key))},
                                      {"phrase", tie_key_phrase(key)},
                                      {"assignment", frontier}}),
          variant);
    }
  }

  Semantics cost = base;
  cost.cost = base.cost == CostModel::Unit ? CostModel::Tile : CostModel::Unit;
  add(named(cost.cost == CostModel::Unit ? "cost-unit" : "cost-tile"), cost);

  std::array<Move, kMoveCount> order = {Move::Up, Move::Down, Move::Left, Move::Right};
  std::sort(order.begin(), order.end());
  do {
    Semantics variant = base;
    variant.action_order = order;
    add(named("action-order-{order}", {{"order", action_order_name(order)},
                                       {"assignment", action_order_name(base.action_order)}}),
        variant);
  } while (std::next_permutation(order.begin(), order.end()));
  return variants;
}

}  // namespace tile
