#include "grader/judge/mistake_catalogue.h"

#include <algorithm>
#include <array>
#include <optional>
#include <type_traits>

#include "engine/bidirectional.h"
#include "grader/judge/bibfs_phrases.h"
#include "grader/judge/diagnosis.h"
#include "grader/judge/mistake_phrases.h"
#include "grader/spec/expectation.h"

namespace tile {

namespace {

bool has_key(const std::vector<TieKey>& keys, TieKey key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

bool depth_limited(Algorithm algorithm) {
  return algorithm == Algorithm::Dls || algorithm == Algorithm::Iddfs ||
         algorithm == Algorithm::Idastar;
}

bool iterative(Algorithm algorithm) {
  return algorithm == Algorithm::Iddfs || algorithm == Algorithm::Idastar;
}

// The codes the vocabulary's names would give that students know by an older name.
std::string code_of(const std::string& field_value) {
  if (field_value == "goal-test-on-generate-not-start") return "start-never-goal-tested";
  if (field_value == "duplicates-none") return "no-duplicate-detection";
  return field_value;
}

// Builds the space for one task: each add() is one candidate, kept when it changes the task's
// search and when the catalogue of codes has its sentence (a test holds every derivable code to
// having one, so none is dropped in practice).
class Space {
 public:
  explicit Space(const Task& task)
      : task_(task), base_(resolve(task.semantics, task.algorithm)) {}

  const Semantics& base() const { return base_; }
  const Task& task() const { return task_; }

  // Whether it joined the space (it changes something, and its code has a sentence).
  bool add(std::string_view key, const Placeholders& values, Semantics semantics,
           std::string detail = "", std::optional<Algorithm> algorithm = std::nullopt,
           std::optional<Weight> weight = std::nullopt, bool counter_only = false) {
    if (semantics == base_ && !algorithm) return false;
    // A field bibfs has no place for (its goal test, its queues' order) is no bibfs a student
    // can write: the engine refuses it, and no candidate is made of it.
    if (algorithm.value_or(task_.algorithm) == Algorithm::Bibfs && bibfs_refusal(semantics)) {
      return false;
    }
    if (find_diagnosis_code(key) == nullptr) {
      unnamed_.emplace_back(key);
      return false;
    }
    const Diagnosis named_as = named(key, values);
    variants_.push_back({named_as.code, named_as.explanation, std::move(semantics),
                         algorithm.value_or(task_.algorithm), weight.value_or(task_.weight),
                         std::move(detail), counter_only, false, named_as.parts});
    return true;
  }
  // The variant add() has just added.
  Variant& last() { return variants_.back(); }

  // Every other value of one enum field, in the engine's table order (`first` before the rest).
  template <class E, class NameOf, class Apply>
  void field(std::string_view name, E current, NameOf name_of, Apply apply,
             const std::string& assignment, std::optional<E> first = std::nullopt) {
    std::vector<E> values = engine_values<E>(name_of);
    if (first) {
      std::erase(values, *first);
      values.insert(values.begin(), *first);
    }
    for (E value : values) {
      if (value == current) continue;
      Semantics semantics = base_;
      apply(semantics, value);
      const std::string yours(name_of(value));
      add(code_of(code_word(name) + "-" + yours),
          {{"yours", yours}, {"assignment", assignment}}, std::move(semantics));
    }
  }

  std::vector<Variant> take() { return std::move(variants_); }
  const std::vector<std::string>& unnamed() const { return unnamed_; }

 private:
  const Task& task_;
  Semantics base_;
  std::vector<Variant> variants_;
  std::vector<std::string> unnamed_;
};

// Fields the engine may not have yet (added to the vocabulary after this judge was written): each
// is derived when Semantics has it, and skipped by the compiler when it does not.
template <class S>
void newer_fields(Space& space, const S& base, Algorithm algorithm) {
  if constexpr (requires { round_growth_name(base.round_growth); }) {
    if (algorithm == Algorithm::Idastar) {
      space.field("round_growth", base.round_growth,
                  [](auto value) { return round_growth_name(value); },
                  [](S& s, auto value) { s.round_growth = value; },
                  std::string(round_growth_name(base.round_growth)));
    }
  }
  if constexpr (requires { rounds_counted_name(base.rounds_counted); }) {
    if (iterative(algorithm)) {
      space.field("rounds_counted", base.rounds_counted,
                  [](auto value) { return rounds_counted_name(value); },
                  [](S& s, auto value) { s.rounds_counted = value; },
                  std::string(rounds_counted_name(base.rounds_counted)));
    }
  }
  if constexpr (requires { start_marked_name(base.start_marked); }) {
    // Only marking on push ever reads the start's mark.
    if (*base.duplicates == Duplicates::OnPush) {
      space.field("start_marked", base.start_marked,
                  [](auto value) { return start_marked_name(value); },
                  [](S& s, auto value) { s.start_marked = value; },
                  std::string(start_marked_name(base.start_marked)));
    }
  }
  if constexpr (requires { parent_link_name(base.parent_link); }) {
    // A parent can be overwritten only where a state is pushed again: never when states are
    // marked on push (the start included), and a tree search keeps no table of parents. There the
    // variant is the reference's own search, and no second explanation of anything.
    const bool pushed_again = *base.duplicates != Duplicates::None &&
                              (*base.duplicates != Duplicates::OnPush ||
                               base.start_marked == StartMarked::No);
    if (pushed_again) {
      space.field("parent_link", base.parent_link,
                  [](auto value) { return parent_link_name(value); },
                  [](S& s, auto value) { s.parent_link = value; },
                  std::string(parent_link_name(base.parent_link)));
    }
  }
  if constexpr (requires { requires std::is_integral_v<decltype(base.count_offset)>; }) {
    // One too many: a counter started at 1, or the goal counted as well. (One too few matches
    // too many wrong counts by chance, 0 on a one-expansion test among them, to name anything.)
    if (base.count_offset == 0) {
      S variant = base;
      variant.count_offset = 1;
      if (space.add("count-offset-plus-one", {}, std::move(variant))) {
        space.last().count_offset = true;
      }
    }
  }
}

// The wrong data structure: BFS taking the newest node. table.remove(t) takes the last one, the
// children appended in action order.
void frontier_stack(Space& space) {
  if (space.task().algorithm != Algorithm::Bfs) return;
  Semantics variant = space.base();
  variant.tie_break = std::vector<TieKey>{TieKey::Lifo};
  variant.push_order = PushOrder::Forward;
  space.add("frontier-stack", {}, variant, "", Algorithm::Dfs);
}

// The wrong priority, for A*: h alone, g alone, h weighted.
void priority_swaps(Space& space) {
  const Task& task = space.task();
  const Semantics& base = space.base();
  if (task.algorithm == Algorithm::Astar) {
    space.add("priority-h-only", {}, base, "", Algorithm::Greedy);
    space.add("priority-g-only", {}, base, "", Algorithm::Ucs);
    space.add("priority-weighted", {}, base, "", Algorithm::WeightedAstar, Weight{2, 1});
  }
}

// IDDFS written as one depth-limited search (to its largest limit), IDA* written as A*.
void iterative_swaps(Space& space) {
  const Task& task = space.task();
  const Semantics& base = space.base();
  if (task.algorithm == Algorithm::Iddfs && base.depth_limit) {
    space.add("algorithm-dls", {}, base, "", Algorithm::Dls);
  }
  if (task.algorithm == Algorithm::Idastar) {
    Semantics astar;
    astar.action_order = base.action_order;
    astar.goal_test = base.goal_test;
    astar.cost = base.cost;
    astar.count = base.count;
    space.add("algorithm-astar", {}, resolve(astar, Algorithm::Astar), "", Algorithm::Astar);
  }
}

// BFS written as bidirectional search (bibfs's own defaults, with the task's moves and counter);
// for a bibfs task, every other value of each of bibfs's fields.
void bidirectional_swaps(Space& space) {
  const Task& task = space.task();
  const Semantics& base = space.base();
  if (task.algorithm == Algorithm::Bfs) {
    Semantics bibfs;
    bibfs.action_order = base.action_order;
    bibfs.cost = base.cost;
    bibfs.count = base.count;
    space.add("algorithm-bibfs", {}, resolve(bibfs, Algorithm::Bibfs), "", Algorithm::Bibfs);
  }
  if (task.algorithm != Algorithm::Bibfs) return;
  space.field("meet_test", base.meet_test, [](MeetTest v) { return meet_test_name(v); },
              [](Semantics& s, MeetTest v) { s.meet_test = v; },
              describe_meet_test(base.meet_test));
  space.field("meet_stop", base.meet_stop, [](MeetStop v) { return meet_stop_name(v); },
              [](Semantics& s, MeetStop v) { s.meet_stop = v; },
              describe_meet_stop(base.meet_stop));
  space.field("next_side", base.next_side, [](NextSide v) { return next_side_name(v); },
              [](Semantics& s, NextSide v) { s.next_side = v; },
              describe_next_side(base.next_side));
}

// The order of arrival turned round: FIFO for LIFO (DFS with a queue) and LIFO for FIFO.
void arrival_swaps(Space& space) {
  const Task& task = space.task();
  const Semantics& base = space.base();
  const bool stack = is_depth_first(task.algorithm);
  const std::vector<TieKey>& keys = *base.tie_break;
  for (auto [from, to] : {std::pair{TieKey::Fifo, TieKey::Lifo}, std::pair{TieKey::Lifo, TieKey::Fifo}}) {
    if (!has_key(keys, from)) continue;
    // Edited as a plain vector: GCC 12 misreads edits inside the optional as uses of
    // uninitialised memory (-Wmaybe-uninitialized).
    std::vector<TieKey> ties = keys;
    std::replace(ties.begin(), ties.end(), from, to);
    Semantics variant = base;
    variant.tie_break = std::move(ties);
    if (stack && to == TieKey::Fifo) {
      space.add("frontier-queue", {}, variant);
    } else {
      space.add(to == TieKey::Lifo ? "ties-lifo" : "ties-fifo", {}, variant);
    }
  }
}

// A priority queue's order among ties: the queue's kind, a key dropped or added.
void queue_ties(Space& space) {
  const Task& task = space.task();
  const Semantics& base = space.base();
  if (is_depth_first(task.algorithm) || task.algorithm == Algorithm::Bfs) return;
  const std::vector<TieKey>& keys = *base.tie_break;
  const std::string frontier = describe_frontier(base, task.algorithm);
  if (base.queue == QueueKind::PythonHeapq) {
    for (TieKey arrival : {TieKey::Fifo, TieKey::Lifo}) {
      std::vector<TieKey> ties = keys;
      ties.push_back(arrival);
      Semantics variant = base;
      variant.queue = QueueKind::Stable;
      variant.tie_break = std::move(ties);
      space.add("ties-in-insertion-order",
                {{"which", arrival == TieKey::Fifo ? "oldest" : "newest"}, {"assignment", frontier}},
                variant, std::string(tie_key_name(arrival)));
    }
  } else if (has_key(keys, TieKey::Fifo) || has_key(keys, TieKey::Lifo)) {
    std::vector<TieKey> ties = keys;
    std::erase(ties, TieKey::Fifo);
    std::erase(ties, TieKey::Lifo);
    Semantics variant = base;
    variant.queue = QueueKind::PythonHeapq;
    variant.tie_break = std::move(ties);
    space.add("ties-in-heap-order", {{"assignment", frontier}}, variant);
  }
  if (base.queue != QueueKind::BinaryHeap) {
    // A heap of the student's own (the textbook's sift), comparing the same keys.
    Semantics textbook = base;
    textbook.queue = QueueKind::BinaryHeap;
    space.add(base.queue == QueueKind::PythonHeapq ? "ties-in-textbook-heap-order"
                                                   : "queue-binary-heap",
              {{"assignment", frontier}}, textbook);
  }
  for (TieKey key : keys) {
    if (key == TieKey::Fifo || key == TieKey::Lifo) continue;
    std::vector<TieKey> ties = keys;
    std::erase(ties, key);
    Semantics variant = base;
    variant.tie_break = std::move(ties);
    space.add("ties-ignore-{key}", {{"key", std::string(tie_key_name(key))},
                                    {"phrase", tie_key_phrase(key)}, {"assignment", frontier}},
              variant);
  }
  // A key the assignment does not use, compared before the order of arrival (after it, nothing
  // is left to break).
  for (TieKey key : engine_values<TieKey>([](TieKey k) { return tie_key_name(k); })) {
    if (key == TieKey::Fifo || key == TieKey::Lifo || has_key(keys, key)) continue;
    if (key == TieKey::HLow && !uses_heuristic(task.algorithm)) continue;
    std::vector<TieKey> ties = keys;
    const auto arrival = std::find_if(ties.begin(), ties.end(), [](TieKey k) {
      return k == TieKey::Fifo || k == TieKey::Lifo;
    });
    ties.insert(arrival, key);
    Semantics variant = base;
    variant.tie_break = std::move(ties);
    space.add("ties-add-{key}", {{"key", std::string(tie_key_name(key))},
                                 {"phrase", tie_key_phrase(key)}, {"assignment", frontier}},
              variant);
  }
}

}  // namespace

std::string code_word(std::string_view name) {
  std::string out(name);
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

Diagnosis named(std::string_view key, const Placeholders& values) {
  DiagnosisPart part{std::string(key), {}};
  for (const auto& [name, value] : values) part.values.emplace_back(name, value);
  return {part_code(part), part_sentence(part), std::nullopt, {part}};
}

Variant reference_variant(const Task& task) {
  return {"", "", resolve(task.semantics, task.algorithm), task.algorithm, task.weight, "", false};
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
  return mistake_catalogue(task, nullptr);
}

std::vector<Variant> mistake_catalogue(const Task& task, std::vector<std::string>* unnamed) {
  Space space(task);
  const Semantics& base = space.base();
  const bool stack = is_depth_first(task.algorithm);
  const bool priority_queue = !stack && task.algorithm != Algorithm::Bfs;

  space.field("goal_test", base.goal_test, [](GoalTest v) { return goal_test_name(v); },
              [](Semantics& s, GoalTest v) { s.goal_test = v; },
              std::string(goal_test_name(base.goal_test)));
  // No duplicate detection first: the most common of them. Replacing a frontier entry only means
  // something where a cheaper path can reach a state already on a priority queue.
  // Closing only what is expanded differs from closing on pop only where a node is cut off at a
  // depth limit (dls, each iddfs or idastar round, any search with a limit): elsewhere the two are
  // one search, and the second name is not derived.
  const bool cuts_off = base.at_depth_limit == AtDepthLimit::CutOff &&
                        (base.depth_limit || task.algorithm == Algorithm::Dls ||
                         task.algorithm == Algorithm::Iddfs || task.algorithm == Algorithm::Idastar);
  const Duplicates duplicates = *base.duplicates;
  space.field(
      "duplicates", duplicates, [](Duplicates v) { return duplicates_name(v); },
      [&](Semantics& s, Duplicates v) {
        const bool same_as_current = (v == Duplicates::ReplaceIfCheaper && !priority_queue) ||
                                     (v == Duplicates::ClosedOnExpand && !cuts_off);
        s.duplicates = same_as_current ? duplicates : v;
      },
      describe_duplicates(duplicates), std::optional{Duplicates::None});
  space.field("push_order", *base.push_order, [](PushOrder v) { return push_order_name(v); },
              [](Semantics& s, PushOrder v) { s.push_order = v; },
              std::string(push_order_name(*base.push_order)));
  if (base.depth_limit) {
    for (int delta : {-1, 1}) {
      Semantics variant = base;
      variant.depth_limit = *base.depth_limit + delta;
      if (*variant.depth_limit < 0) continue;
      space.add("depth-limit-off-by-one", {{"yours", std::to_string(*variant.depth_limit)},
                                           {"assignment", std::to_string(*base.depth_limit)}},
                variant, std::to_string(*variant.depth_limit));
    }
  }
  frontier_stack(space);
  arrival_swaps(space);
  priority_swaps(space);
  queue_ties(space);
  space.field("cost", base.cost, [](CostModel v) { return cost_name(v); },
              [](Semantics& s, CostModel v) { s.cost = v; }, std::string(cost_name(base.cost)));

  std::array<Move, kMoveCount> order = {Move::Up, Move::Down, Move::Left, Move::Right};
  std::sort(order.begin(), order.end());
  do {
    Semantics variant = base;
    variant.action_order = order;
    space.add("action-order-{order}", {{"order", action_order_name(order)},
                                       {"assignment", action_order_name(base.action_order)}},
              variant);
  } while (std::next_permutation(order.begin(), order.end()));

  // The fields of depth-limited and iterative searches, then the repeats along a path (what a
  // search without duplicate detection relies on).
  if (base.depth_limit || depth_limited(task.algorithm)) {
    space.field("at_depth_limit", base.at_depth_limit,
                [](AtDepthLimit v) { return at_depth_limit_name(v); },
                [](Semantics& s, AtDepthLimit v) { s.at_depth_limit = v; },
                describe_at_depth_limit(base.at_depth_limit));
  }
  if (task.algorithm == Algorithm::Idastar) {
    space.field("round_bound", base.round_bound, [](RoundBound v) { return round_bound_name(v); },
                [](Semantics& s, RoundBound v) { s.round_bound = v; },
                describe_round_bound(base.round_bound));
  }
  // Only a search that marks no state relies on a cycle check: where states are marked, a child
  // that repeats its own path is already marked.
  if (duplicates == Duplicates::None) {
    space.field("cycle_check", *base.cycle_check, [](CycleCheck v) { return cycle_check_name(v); },
                [](Semantics& s, CycleCheck v) { s.cycle_check = v; },
                describe_cycle_check(*base.cycle_check));
  }
  iterative_swaps(space);
  bidirectional_swaps(space);
  newer_fields(space, base, task.algorithm);

  // Another counter returned: the same search, told apart only by a count check.
  for (CountKind kind : engine_values<CountKind>([](CountKind k) { return count_name(k); })) {
    if (kind == base.count) continue;
    Semantics variant = base;
    variant.count = kind;
    space.add("counts-{counter}", {{"counter", std::string(count_name(kind))},
                                   {"yours", count_phrase(kind, task.algorithm, base)},
                                   {"assignment", count_phrase(base.count, task.algorithm, base)}},
              variant, "", std::nullopt, std::nullopt, true);
  }
  if (unnamed) *unnamed = space.unnamed();
  return space.take();
}

}  // namespace tile
