#include "grader/judge/mistake_catalogue.h"

#include <algorithm>
#include <array>
#include <optional>
#include <type_traits>

#include "engine/bidirectional.h"
#include "engine/semantics_fields.h"
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

// The codes the vocabulary's names would give that students know by an older name.
std::string known_code_of(const std::string& field_value) {
  if (field_value == "goal-test-on-generate-not-start") return "start-never-goal-tested";
  if (field_value == "duplicates-none") return "no-duplicate-detection";
  return field_value;
}

// Builds the space for one task: each add() is one candidate, kept when it changes the task's
// search and when the catalogue of codes has its sentence (a test holds every derivable code to
// having one, so none is dropped in practice).
class Space {
 public:
  explicit Space(const Task& task) : task_(task) {}

  // The task's resolved semantics: each variant changes a field of them.
  const ResolvedSemantics& base() const { return task_.semantics; }
  const Task& task() const { return task_; }

  // A row of the catalogue by its id; the key form below is for codes derived from the
  // vocabulary at run time ("cost-" + a cost model's name), which may have no row yet.
  template <class... Rest>
  bool add(DiagnosisId id, const Placeholders& values, ResolvedSemantics semantics,
           Rest&&... rest) {
    return add(code_of(id), values, std::move(semantics), std::forward<Rest>(rest)...);
  }

  // Whether it joined the space (it changes something, and its code has a sentence).
  bool add(std::string_view key, const Placeholders& values, ResolvedSemantics semantics,
           std::string detail = "", std::optional<Algorithm> algorithm = std::nullopt,
           std::optional<Weight> weight = std::nullopt, bool counter_only = false) {
    if (semantics == base() && !algorithm) return false;
    // A field bibfs has no place for (its goal test, its queues' order) is no bibfs a student
    // can write: the engine refuses it, and no candidate is made of it.
    const Algorithm runs_as = algorithm.value_or(task_.algorithm);
    if (runs_as == Algorithm::Bibfs && !check_bibfs(semantics)) return false;
    if (find_diagnosis_code(key) == nullptr) {
      unnamed_.emplace_back(key);
      return false;
    }
    const Diagnosis named_as = named_by_key(key, values);
    variants_.push_back({named_as.code, named_as.explanation, std::move(semantics),
                         algorithm.value_or(task_.algorithm), weight.value_or(task_.weight),
                         std::move(detail), counter_only, false, named_as.parts});
    return true;
  }
  // The variant add() has just added.
  Variant& last() { return variants_.back(); }

  // Every other value of one enum field, in its table's order (`first` before the rest), when
  // `when` holds and the field can change the task's search; `mean` maps a value to the one it
  // amounts to here. Claims the field either way.
  template <class Member, class E = typename SemanticsField<Member>::Value>
  void field(Member Semantics::*member, bool when = true,
             std::optional<std::type_identity_t<E>> first = std::nullopt,
             std::type_identity_t<E> (*mean)(E, const ResolvedSemantics&, Algorithm) = nullptr) {
    claim(member);
    const SemanticsField<Member>& row = semantics_field(member);
    if (!when || !field_applies(row, task_.algorithm, base())) return;
    const E current = base().*row.resolved;
    std::vector<E> values = all_values<E>();
    if (first) {
      std::erase(values, *first);
      values.insert(values.begin(), *first);
    }
    for (E value : values) {
      if (value == current) continue;
      ResolvedSemantics semantics = base();
      semantics.*row.resolved = mean ? mean(value, base(), task_.algorithm) : value;
      const std::string yours(value_name(value));
      add(known_code_of(code_word(row.name) + "-" + yours),
          {{"yours", yours}, {"assignment", std::string(value_words(current))}},
          std::move(semantics));
    }
  }

  // A field whose candidates a generator of its own makes (or none): the loop over the rest of
  // the table leaves it alone.
  template <class Member>
  void claim(Member Semantics::*member) {
    claimed_.push_back(semantics_field(member).name);
  }

  // Every other value of each enum field nothing has claimed, in the table's order, where it can
  // change the task's search: a field added to the vocabulary is derived here with no more code.
  void unclaimed_fields() {
    for_each_semantics_field([&](const auto& row) {
      using Row = std::decay_t<decltype(row)>;
      if constexpr (NamedEnum<typename Row::Value>) {
        if (std::find(claimed_.begin(), claimed_.end(), row.name) != claimed_.end()) return;
        field(row.member);
      }
    });
  }

  std::vector<Variant> take() { return std::move(variants_); }
  const std::vector<std::string>& unnamed() const { return unnamed_; }

 private:
  const Task& task_;
  std::vector<Variant> variants_;
  std::vector<std::string> unnamed_;
  std::vector<std::string_view> claimed_;
};

// One too many: a counter started at 1, or the goal counted as well. (One too few matches too
// many wrong counts by chance, 0 on a one-expansion test among them, to name anything.)
void count_offset_plus_one(Space& space) {
  space.claim(&Semantics::count_offset);
  if (space.base().count_offset != 0) return;
  ResolvedSemantics variant = space.base();
  variant.count_offset = 1;
  if (space.add(DiagnosisId::CountOffsetPlusOne, {}, std::move(variant))) {
    space.last().count_offset = true;
  }
}

// The wrong data structure: BFS taking the newest node. table.remove(t) takes the last one, the
// children appended in action order.
void frontier_stack(Space& space) {
  if (space.task().algorithm != Algorithm::Bfs) return;
  ResolvedSemantics variant = space.base();
  variant.tie_break = {TieKey::Lifo};
  variant.push_order = PushOrder::Forward;
  space.add(DiagnosisId::FrontierStack, {}, variant, "", Algorithm::Dfs);
}

// The wrong priority, for A*: h alone, g alone, h weighted. For weighted A* (g + w h): the weight
// left out, which is also the weight put on g + h (w (g + h) orders as g + h does), or put on g
// (w g + h orders as g + h / w: weighted A* with the weight turned over). A weight of 1 is A*.
void priority_swaps(Space& space) {
  const Task& task = space.task();
  const ResolvedSemantics& base = space.base();
  if (task.algorithm == Algorithm::Astar) {
    space.add(DiagnosisId::PriorityHOnly, {}, base, "", Algorithm::Greedy);
    space.add(DiagnosisId::PriorityGOnly, {}, base, "", Algorithm::Ucs);
    space.add(DiagnosisId::PriorityWeighted, {}, base, "", Algorithm::WeightedAstar, Weight{2, 1});
  }
  if (task.algorithm == Algorithm::WeightedAstar &&
      task.weight.numerator != task.weight.denominator) {
    space.add(DiagnosisId::WeightMissing, {}, base, "", Algorithm::Astar);
    space.add(DiagnosisId::WeightOnG, {}, base, "", Algorithm::WeightedAstar,
              Weight{task.weight.denominator, task.weight.numerator});
  }
}

// The wrong step cost: the other cost model an assignment may ask for (1 for k, or k for 1) and,
// where moving tile k costs k, a cell's number charged instead of the tile's (the cell the blank
// leaves, or the one it moves into): a student who works the cost out from the board instead of
// reading the successor's `cost`. A unit-cost search has no number to take from the wrong place.
void cost_swaps(Space& space) {
  space.claim(&Semantics::cost);
  const ResolvedSemantics& base = space.base();
  const CostModel current = base.cost;
  for (CostModel value : all_values<CostModel>()) {
    if (value == current) continue;
    const bool cell = value == CostModel::BlankCell || value == CostModel::DestinationCell;
    if (cell && current != CostModel::Tile) continue;
    ResolvedSemantics variant = base;
    variant.cost = value;
    const std::string yours(value_name(value));
    space.add("cost-" + yours,
              {{"yours", yours}, {"assignment", std::string(value_words(current))}},
              std::move(variant));
  }
}

// IDDFS written as one depth-limited search (to its largest limit), IDA* written as A*.
void iterative_swaps(Space& space) {
  const Task& task = space.task();
  const ResolvedSemantics& base = space.base();
  if (task.algorithm == Algorithm::Iddfs && base.depth_limit) {
    space.add(DiagnosisId::AlgorithmDls, {}, base, "", Algorithm::Dls);
  }
  if (task.algorithm == Algorithm::Idastar) {
    ResolvedSemantics astar = defaults_of(Algorithm::Astar);
    astar.action_order = base.action_order;
    astar.goal_test = base.goal_test;
    astar.cost = base.cost;
    astar.count = base.count;
    space.add(DiagnosisId::AlgorithmAstar, {}, std::move(astar), "", Algorithm::Astar);
  }
}

// BFS written as bidirectional search (bibfs's own defaults, with the task's moves and counter).
// A bibfs task's own fields (meet_test, meet_stop, next_side) are derived with the rest of the
// table, by Space::unclaimed_fields().
void bidirectional_swaps(Space& space) {
  const Task& task = space.task();
  const ResolvedSemantics& base = space.base();
  if (task.algorithm == Algorithm::Bfs) {
    ResolvedSemantics bibfs = defaults_of(Algorithm::Bibfs);
    bibfs.action_order = base.action_order;
    bibfs.cost = base.cost;
    bibfs.count = base.count;
    space.add(DiagnosisId::AlgorithmBibfs, {}, std::move(bibfs), "", Algorithm::Bibfs);
  }
}

// The order of arrival turned round: FIFO for LIFO (DFS with a queue) and LIFO for FIFO.
void arrival_swaps(Space& space) {
  const Task& task = space.task();
  const ResolvedSemantics& base = space.base();
  const bool stack = is_depth_first(task.algorithm);
  const std::vector<TieKey>& keys = base.tie_break;
  for (auto [from, to] :
       {std::pair{TieKey::Fifo, TieKey::Lifo}, std::pair{TieKey::Lifo, TieKey::Fifo}}) {
    if (!has_key(keys, from)) continue;
    std::vector<TieKey> ties = keys;
    std::replace(ties.begin(), ties.end(), from, to);
    ResolvedSemantics variant = base;
    variant.tie_break = std::move(ties);
    if (stack && to == TieKey::Fifo) {
      space.add(DiagnosisId::FrontierQueue, {}, variant);
    } else {
      space.add(to == TieKey::Lifo ? DiagnosisId::TiesLifo : DiagnosisId::TiesFifo, {}, variant);
    }
  }
}

// A priority queue's order among ties: the queue's kind, a key dropped or added.
void queue_ties(Space& space) {
  const Task& task = space.task();
  const ResolvedSemantics& base = space.base();
  if (is_depth_first(task.algorithm) || task.algorithm == Algorithm::Bfs) return;
  const std::vector<TieKey>& keys = base.tie_break;
  const std::string frontier = describe_frontier(base, task.algorithm);
  if (base.queue == QueueKind::PythonHeapq) {
    for (TieKey arrival : {TieKey::Fifo, TieKey::Lifo}) {
      std::vector<TieKey> ties = keys;
      ties.push_back(arrival);
      ResolvedSemantics variant = base;
      variant.queue = QueueKind::Stable;
      variant.tie_break = std::move(ties);
      space.add(
          DiagnosisId::TiesInInsertionOrder,
          {{"which", arrival == TieKey::Fifo ? "oldest" : "newest"}, {"assignment", frontier}},
          variant, std::string(tie_key_name(arrival)));
    }
  } else if (has_key(keys, TieKey::Fifo) || has_key(keys, TieKey::Lifo)) {
    std::vector<TieKey> ties = keys;
    std::erase(ties, TieKey::Fifo);
    std::erase(ties, TieKey::Lifo);
    ResolvedSemantics variant = base;
    variant.queue = QueueKind::PythonHeapq;
    variant.tie_break = std::move(ties);
    space.add(DiagnosisId::TiesInHeapOrder, {{"assignment", frontier}}, variant);
  }
  if (base.queue != QueueKind::BinaryHeap) {
    // A heap of the student's own (the textbook's sift), comparing the same keys.
    ResolvedSemantics textbook = base;
    textbook.queue = QueueKind::BinaryHeap;
    space.add(base.queue == QueueKind::PythonHeapq ? DiagnosisId::TiesInTextbookHeapOrder
                                                   : DiagnosisId::QueueBinaryHeap,
              {{"assignment", frontier}}, textbook);
  }
  for (TieKey key : keys) {
    if (key == TieKey::Fifo || key == TieKey::Lifo) continue;
    std::vector<TieKey> ties = keys;
    std::erase(ties, key);
    ResolvedSemantics variant = base;
    variant.tie_break = std::move(ties);
    space.add(DiagnosisId::TiesIgnore, {{"key", std::string(tie_key_name(key))},
                                    {"phrase", tie_key_phrase(key)}, {"assignment", frontier}},
              variant);
  }
  // A key the assignment does not use, compared before the order of arrival (after it, nothing
  // is left to break).
  for (TieKey key : all_values<TieKey>()) {
    if (key == TieKey::Fifo || key == TieKey::Lifo || has_key(keys, key)) continue;
    if (key == TieKey::HLow && !uses_heuristic(task.algorithm)) continue;
    std::vector<TieKey> ties = keys;
    const auto arrival = std::find_if(ties.begin(), ties.end(), [](TieKey k) {
      return k == TieKey::Fifo || k == TieKey::Lifo;
    });
    ties.insert(arrival, key);
    ResolvedSemantics variant = base;
    variant.tie_break = std::move(ties);
    space.add(DiagnosisId::TiesAdd, {{"key", std::string(tie_key_name(key))},
                                 {"phrase", tie_key_phrase(key)}, {"assignment", frontier}},
              variant);
  }
}

// Replacing a frontier entry only means something where a cheaper path can reach a state already
// on a priority queue. Closing only what is expanded differs from closing on pop only where a node
// is cut off at a depth limit (dls, each iddfs or idastar round, any search with a limit):
// elsewhere the two are one search, and the second name is not derived.
Duplicates meant_duplicates(Duplicates value, const ResolvedSemantics& base,
                            Algorithm algorithm) {
  const bool priority_queue = !is_depth_first(algorithm) && algorithm != Algorithm::Bfs;
  const bool cuts_off = base.at_depth_limit == AtDepthLimit::CutOff &&
                        (base.depth_limit || depth_limited(algorithm));
  const bool same_as_current = (value == Duplicates::ReplaceIfCheaper && !priority_queue) ||
                               (value == Duplicates::ClosedOnExpand && !cuts_off);
  return same_as_current ? base.duplicates : value;
}

}  // namespace

std::string code_word(std::string_view name) {
  std::string out(name);
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

Diagnosis named_by_key(std::string_view key, const Placeholders& values) {
  DiagnosisPart part{std::string(key), {}};
  for (const auto& [name, value] : values) part.values.emplace_back(name, value);
  return {part_code(part), part_sentence(part), std::nullopt, {part}};
}

Diagnosis named(DiagnosisId id, const Placeholders& values) {
  return named_by_key(code_of(id), values);
}

Variant reference_variant(const Task& task) {
  return {"", "", task.semantics, task.algorithm, task.weight, "", false};
}

SearchSpec variant_spec(const Task& task, const Variant& variant, Heuristic* heuristic,
                        bool record_trace) {
  SearchSpec spec = engine_spec(task, heuristic, record_trace);
  spec.algorithm = variant.algorithm;
  spec.semantics = variant.semantics;  // resolved when the catalogue made it
  spec.weight = variant.weight;
  return spec;
}

std::vector<Variant> mistake_catalogue(const Task& task) {
  return mistake_catalogue(task, nullptr);
}

std::vector<Variant> mistake_catalogue(const Task& task, std::vector<std::string>* unnamed) {
  Space space(task);
  const ResolvedSemantics& base = space.base();
  // Fields with generators of their own below.
  space.claim(&Semantics::action_order);
  space.claim(&Semantics::depth_limit);
  space.claim(&Semantics::tie_break);
  space.claim(&Semantics::queue);
  space.claim(&Semantics::count);

  space.field(&Semantics::goal_test);
  // No duplicate detection first: the most common of them.
  space.field(&Semantics::duplicates, true, std::optional{Duplicates::None}, meant_duplicates);
  space.field(&Semantics::push_order);
  if (base.depth_limit) {
    for (int delta : {-1, 1}) {
      ResolvedSemantics variant = base;
      variant.depth_limit = *base.depth_limit + delta;
      if (*variant.depth_limit < 0) continue;
      space.add(DiagnosisId::DepthLimitOffByOne, {{"yours", std::to_string(*variant.depth_limit)},
                                           {"assignment", std::to_string(*base.depth_limit)}},
                variant, std::to_string(*variant.depth_limit));
    }
  }
  frontier_stack(space);
  arrival_swaps(space);
  priority_swaps(space);
  queue_ties(space);
  cost_swaps(space);

  std::array<Move, kMoveCount> order = {Move::Up, Move::Down, Move::Left, Move::Right};
  std::sort(order.begin(), order.end());
  do {
    ResolvedSemantics variant = base;
    variant.action_order = order;
    space.add(DiagnosisId::ActionOrder, {{"order", action_order_name(order)},
                                       {"assignment", action_order_name(base.action_order)}},
              variant);
  } while (std::next_permutation(order.begin(), order.end()));

  // The fields of depth-limited and iterative searches, then the repeats along a path (what a
  // search without duplicate detection relies on). Only a search that marks no state relies on a
  // cycle check: where states are marked, a child that repeats its own path is already marked.
  space.field(&Semantics::at_depth_limit);
  space.field(&Semantics::round_bound);
  space.field(&Semantics::cycle_check, base.duplicates == Duplicates::None);
  iterative_swaps(space);
  bidirectional_swaps(space);
  space.unclaimed_fields();
  count_offset_plus_one(space);

  // Another counter returned: the same search, told apart only by a count check.
  for (CountKind kind : all_values<CountKind>()) {
    if (kind == base.count) continue;
    ResolvedSemantics variant = base;
    variant.count = kind;
    const std::string assignment = count_phrase(base.count, task.algorithm, base);
    space.add(DiagnosisId::Counts, {{"counter", std::string(count_name(kind))},
                                   {"yours", count_phrase(kind, task.algorithm, base)},
                                   {"assignment", assignment}},
              variant, "", std::nullopt, std::nullopt, true);
  }
  if (unnamed) *unnamed = space.unnamed();
  return space.take();
}

}  // namespace tile
