// The model search (see search_model.h): a std::map or a transcribed CPython heap as the
// frontier, std::set and std::map for the duplicate bookkeeping; slow and obviously right.
#include "tests/engine/search_model.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "tests/engine/model_heapq.h"
#include "tests/engine/model_textbook_heap.h"

namespace model {

using namespace tile;

namespace {

// The defaults of docs/semantics.md's table and engine/semantics.h: on-push for the uninformed searches,
// tree search for IDA*, closed-on-pop for the rest; stacks push in reverse and break ties lifo.
struct Resolved {
  std::array<char, 4> order{};
  bool goal_on_generate = false;
  bool start_tested = true;   // on generate: on-generate-not-start never tests the start
  Duplicates duplicates = Duplicates::OnPush;
  bool push_reverse = false;
  std::optional<int> depth_limit;
  std::vector<TieKey> chain;
  bool heapq = false;         // a heap list: python-heapq or binary-heap
  bool textbook_heap = false;  // binary-heap: CLRS's extract-min, not CPython's heappop
  CostModel cost = CostModel::Unit;
  CycleCheck cycle = CycleCheck::None;
  bool cut_off_at_limit = false;  // at_depth_limit: cut-off
  bool rounds_by_depth = false;   // idastar, round_bound: depth
  int round_step = 0;             // idastar, round_growth: plus-one 1, plus-two 2 (0: next-f)
  bool last_round_only = false;   // rounds_counted: last
  bool start_marked = true;       // on-push marks the start when the search begins
  bool parent_last = false;       // parent_link: last, in a search with a duplicate table
};

Resolved model_defaults(const Semantics& s, Algorithm algorithm) {
  Resolved r;
  for (int i = 0; i < 4; ++i) r.order[i] = "UDLR"[static_cast<int>(s.action_order[i])];
  r.goal_on_generate = s.goal_test != GoalTest::OnPop;
  r.start_tested = s.goal_test != GoalTest::OnGenerateNotStart;
  const bool stack = model_stack_algorithm(algorithm);
  if (s.duplicates) {
    r.duplicates = *s.duplicates;
  } else if (algorithm == Algorithm::Idastar) {
    r.duplicates = Duplicates::None;
  } else if (algorithm == Algorithm::Bfs || stack) {
    r.duplicates = Duplicates::OnPush;
  } else {
    r.duplicates = Duplicates::ClosedOnPop;
  }
  r.push_reverse = s.push_order ? *s.push_order == PushOrder::Reverse : stack;
  r.depth_limit = s.depth_limit;
  r.chain = s.tie_break ? *s.tie_break : std::vector<TieKey>{stack ? TieKey::Lifo : TieKey::Fifo};
  r.heapq = s.queue != QueueKind::Stable;
  r.textbook_heap = s.queue == QueueKind::BinaryHeap;
  r.cost = s.cost;
  r.cycle = s.cycle_check ? *s.cycle_check
                          : (algorithm == Algorithm::Idastar ? CycleCheck::ReverseMove
                                                             : CycleCheck::None);
  r.cut_off_at_limit = s.at_depth_limit == AtDepthLimit::CutOff;
  r.rounds_by_depth = s.round_bound == RoundBound::Depth;
  r.round_step = s.round_growth == RoundGrowth::PlusOne   ? 1
                 : s.round_growth == RoundGrowth::PlusTwo ? 2
                                                          : 0;
  r.last_round_only = s.rounds_counted == RoundsCounted::Last;
  r.start_marked = s.start_marked == StartMarked::Yes;
  r.parent_last = s.parent_link == ParentLink::Last && r.duplicates != Duplicates::None;
  return r;
}

struct ModelNode {
  Tiles tiles;
  int parent = -1;
  std::int64_t g = 0;
  std::int64_t depth = 0;
  std::int64_t h = 0;
  std::int64_t parent_expansion = 0;  // expansions done when the node was made
  int action_rank = -1;
  char action = 0;
};

struct Round {
  ModelResult result;
  bool cut_off = false;
  std::int64_t smallest_pruned_f = INT64_MAX;
  std::int64_t smallest_cut_f = INT64_MAX;  // g + h of what the depth limit cut off
  std::uint64_t nodes_created = 0;
};

class ModelSearch {
 public:
  ModelSearch(const ModelSpec& spec, const Resolved& r, std::optional<int> depth_limit,
              std::optional<std::int64_t> f_bound, std::uint64_t max_nodes)
      : spec_(spec), r_(r), depth_limit_(depth_limit), f_bound_(f_bound), max_nodes_(max_nodes) {
    needs_h_ = model_heuristic_algorithm(spec.algorithm) ||
               std::find(r.chain.begin(), r.chain.end(), TieKey::HLow) != r.chain.end();
    // queue: stable closes the chain with insertion order unless it already names fifo or lifo.
    chain_ = r.chain;
    if (!r.heapq && std::find(chain_.begin(), chain_.end(), TieKey::Fifo) == chain_.end() &&
        std::find(chain_.begin(), chain_.end(), TieKey::Lifo) == chain_.end()) {
      chain_.push_back(TieKey::Fifo);
    }
  }

  Round run() {
    ModelNode start;
    start.tiles = spec_.start;
    if (needs_h_) start.h = spec_.heuristic(start.tiles);
    nodes_.push_back(start);
    reached_.insert(start.tiles);
    if (r_.goal_on_generate && r_.start_tested) {
      ++counters().goal_tests;
      if (start.tiles == spec_.goal) return solved(0);
    }
    if (f_bound_ && start.g + start.h > *f_bound_) {
      out_.cut_off = true;
      out_.smallest_pruned_f = start.g + start.h;
      return finish(SearchStatus::NoSolution);
    }
    // on-push marks the start when the search begins; reopen-if-cheaper knows its g.
    if (r_.duplicates == Duplicates::OnPush && r_.start_marked) marked_.insert(start.tiles);
    if (r_.duplicates == Duplicates::ReopenIfCheaper) best_[start.tiles] = 0;
    push(0);

    while (frontier_size() > 0) {
      if (nodes_.size() >= max_nodes_) return finish(SearchStatus::NodeBudgetExceeded);
      int index = pop();
      ++counters().popped;
      // reopen-if-cheaper: never skip; expand with the state's best known g (and path).
      if (r_.duplicates == Duplicates::ReopenIfCheaper) index = best_.at(nodes_[index].tiles);
      const ModelNode node = nodes_[static_cast<std::size_t>(index)];
      // closed-on-pop and closed-on-expand: a popped state already closed is skipped.
      if ((r_.duplicates == Duplicates::ClosedOnPop ||
           r_.duplicates == Duplicates::ClosedOnExpand) &&
          closed_.count(node.tiles)) {
        continue;
      }
      // replace-if-cheaper (AIMA's graph search): the state leaves the frontier for the explored set.
      if (r_.duplicates == Duplicates::ReplaceIfCheaper) on_frontier_.erase(node.tiles);
      if (!r_.goal_on_generate) {
        ++counters().goal_tests;
        if (node.tiles == spec_.goal) return solved(index);
      }
      // closed-on-pop closes it; visited-on-pop records it after its goal test, never skips it.
      if (r_.duplicates == Duplicates::ClosedOnPop || r_.duplicates == Duplicates::ReplaceIfCheaper)
        closed_.insert(node.tiles);
      if (r_.duplicates == Duplicates::VisitedOnPop) visited_.insert(node.tiles);
      // AIMA's recursive depth-limited search: `elif limit == 0: return 'cutoff'`.
      if (r_.cut_off_at_limit && depth_limit_ && node.depth >= *depth_limit_) {
        out_.cut_off = true;
        out_.smallest_cut_f = std::min(out_.smallest_cut_f, node.g + node.h);
        continue;
      }
      // closed-on-expand closes only what it expands: a node cut off above stays open.
      if (r_.duplicates == Duplicates::ClosedOnExpand) closed_.insert(node.tiles);
      if (auto stop = expand(index, node)) return *stop;
    }
    return finish(SearchStatus::NoSolution);
  }

 private:
  ModelCounters& counters() { return out_.result.counters; }

  // All children are generated in action order first; the survivors are then pushed in push
  // order (reverse for a stack, so that they pop in action order). So under goal_test on-generate
  // a goal child ends the search before any of its siblings is pushed, whichever the push order.
  // A child on its own path (cycle_check: path) is dropped first, then a depth limit cuts it, then
  // the duplicate policy; only a child it admits is goal-tested on generate (AIMA's BFS tests
  // only new states). A bound on f = g + h comes last (the engine's order, which docs/semantics.md leaves
  // open). A goal found on generate ends the expansion, but `built` counts the siblings after it,
  // which AIMA's expand has built already.
  std::optional<Round> expand(int index, const ModelNode& node) {
    ++counters().expanded;
    if (!depth_limit_ || node.depth < *depth_limit_) ++counters().expanded_below_limit;
    out_.result.trace.push_back(node.tiles);
    // At most four moves, so plain arrays (a std::vector each would be two allocations a node).
    std::array<std::pair<int, int>, 4> survivors{};  // the child, and the entry it replaces or -1
    std::size_t survivor_count = 0;
    std::array<char, 4> moves{};
    std::size_t move_count = 0;
    for (int rank = 0; rank < 4; ++rank) {
      const char move = r_.order[static_cast<std::size_t>(rank)];
      if (target_cell(node.tiles, spec_.grid, move) < 0) continue;
      if (r_.cycle == CycleCheck::ReverseMove && node.parent >= 0 && move == opposite(node.action))
        continue;
      moves[move_count++] = move;
    }
    for (std::size_t i = 0; i < move_count; ++i) {
      const char move = moves[i];
      const int rank = static_cast<int>(std::find(r_.order.begin(), r_.order.end(), move) -
                                        r_.order.begin());
      const int target = target_cell(node.tiles, spec_.grid, move);
      ModelNode child;
      child.tiles = node.tiles;
      const int blank = blank_cell(node.tiles);
      const int slid = child.tiles[target];
      std::swap(child.tiles[blank], child.tiles[target]);
      child.parent = index;
      // The cell-number costs are mistakes the judge reproduces: cells counted from 1.
      child.g = node.g + (r_.cost == CostModel::Tile              ? slid
                          : r_.cost == CostModel::BlankCell       ? blank + 1
                          : r_.cost == CostModel::DestinationCell ? target + 1
                                                                  : 1);
      child.depth = node.depth + 1;
      child.parent_expansion = static_cast<std::int64_t>(counters().expanded);
      child.action_rank = rank;
      child.action = move;
      ++counters().generated;
      ++counters().built;
      reached_.insert(child.tiles);
      if (r_.cycle == CycleCheck::Path && on_path(index, child.tiles)) continue;
      if (depth_limit_ && child.depth > *depth_limit_) {
        out_.cut_off = true;
        if (needs_h_) {
          child.h = spec_.heuristic(child.tiles);
          out_.smallest_cut_f = std::min(out_.smallest_cut_f, child.g + child.h);
        }
        continue;
      }
      if (!admits(child)) continue;
      if (r_.goal_on_generate) {
        ++counters().goal_tests;
        if (child.tiles == spec_.goal) {
          counters().built += move_count - 1 - i;
          nodes_.push_back(child);
          return solved(static_cast<int>(nodes_.size() - 1));
        }
      }
      if (needs_h_) child.h = spec_.heuristic(child.tiles);
      // AIMA: `elif child in frontier: if f(child) < frontier[child]: replace`, else drop it.
      int replaces = -1;
      if (r_.duplicates == Duplicates::ReplaceIfCheaper && on_frontier_.count(child.tiles)) {
        replaces = on_frontier_.at(child.tiles);
        if (!(priority(child) < priority(nodes_[static_cast<std::size_t>(replaces)]))) continue;
      }
      if (f_bound_ && child.g + child.h > *f_bound_) {
        out_.cut_off = true;
        out_.smallest_pruned_f = std::min(out_.smallest_pruned_f, child.g + child.h);
        continue;
      }
      nodes_.push_back(child);
      const int child_index = static_cast<int>(nodes_.size() - 1);
      if (r_.duplicates == Duplicates::OnPush) marked_.insert(child.tiles);
      if (r_.duplicates == Duplicates::ReopenIfCheaper) best_[child.tiles] = child_index;
      survivors[survivor_count++] = {child_index, replaces};
    }
    if (r_.push_reverse) std::reverse(survivors.begin(), survivors.begin() + survivor_count);
    for (std::size_t i = 0; i < survivor_count; ++i) {
      const auto [child_index, replaces] = survivors[i];
      if (replaces >= 0) remove(replaces);
      push(child_index);
    }
    return std::nullopt;
  }

  bool on_path(int index, const Tiles& tiles) const {
    for (int at = index; at >= 0; at = nodes_[static_cast<std::size_t>(at)].parent) {
      if (nodes_[static_cast<std::size_t>(at)].tiles == tiles) return true;
    }
    return false;
  }

  // Takes a node's entry off the frontier as the Python code does: under python-heapq, delete the
  // first heap entry with the same state and heapq.heapify; under stable, erase it from the map.
  void remove(int index) {
    const Tiles& tiles = nodes_[static_cast<std::size_t>(index)].tiles;
    if (r_.heapq) {
      const auto at = std::find_if(heap_.begin(), heap_.end(), [&](const HeapItem& item) {
        return nodes_[static_cast<std::size_t>(item.node)].tiles == tiles;
      });
      heap_.erase(at);
      if (r_.textbook_heap) {
        clrs_build_min_heap(heap_);
      } else {
        py_heapify(heap_);
      }
    } else {
      const auto at = std::find_if(ordered_.begin(), ordered_.end(),
                                   [&](const auto& entry) { return entry.second == index; });
      ordered_.erase(at);
    }
    on_frontier_.erase(tiles);
  }

  bool admits(const ModelNode& child) const {
    switch (r_.duplicates) {
      case Duplicates::OnPush: return marked_.count(child.tiles) == 0;
      case Duplicates::ClosedOnPop:
      case Duplicates::ReplaceIfCheaper:
      case Duplicates::ClosedOnExpand: return closed_.count(child.tiles) == 0;
      case Duplicates::VisitedOnPop: return visited_.count(child.tiles) == 0;
      case Duplicates::ReopenIfCheaper: {
        const auto known = best_.find(child.tiles);
        return known == best_.end() || child.g < nodes_[static_cast<std::size_t>(known->second)].g;
      }
      case Duplicates::None: return true;
    }
    return true;
  }

  std::int64_t priority(const ModelNode& node) const {
    switch (spec_.algorithm) {
      case Algorithm::Bfs: return node.depth;
      case Algorithm::Ucs: return node.g;
      case Algorithm::Greedy: return node.h;
      case Algorithm::Astar: return node.g + node.h;
      case Algorithm::WeightedAstar:  // g + (n/d) h, scaled by d to stay an integer
        return node.g * spec_.weight_denominator + spec_.weight_numerator * node.h;
      default: return 0;  // stacks: the chain alone orders them
    }
  }

  std::string path_letters(int index) const {
    std::string letters;
    for (int at = index; nodes_[static_cast<std::size_t>(at)].parent >= 0;
         at = nodes_[static_cast<std::size_t>(at)].parent) {
      letters += nodes_[static_cast<std::size_t>(at)].action;
    }
    return {letters.rbegin(), letters.rend()};
  }

  SortKey sort_key(int index, std::int64_t seq) const {
    const ModelNode& node = nodes_[static_cast<std::size_t>(index)];
    SortKey key;
    key.reserve(16);
    key.push_back(priority(node));
    for (TieKey tie : chain_) {
      switch (tie) {
        case TieKey::Fifo: key.push_back(seq); break;
        case TieKey::Lifo: key.push_back(-seq); break;
        case TieKey::Action: key.push_back(node.action_rank); break;
        case TieKey::State: key.insert(key.end(), node.tiles.begin(), node.tiles.end()); break;
        case TieKey::Path:
          for (char letter : path_letters(index)) key.push_back(letter);
          key.push_back(-1);
          break;
        case TieKey::ParentLifo: key.push_back(-node.parent_expansion); break;
        case TieKey::HLow: key.push_back(node.h); break;
        case TieKey::GHigh: key.push_back(-node.g); break;
        case TieKey::GLow: key.push_back(node.g); break;
      }
    }
    return key;
  }

  void push(int index) {
    const std::int64_t seq = next_seq_++;
    if (r_.parent_last) last_push_[nodes_[static_cast<std::size_t>(index)].tiles] = index;
    if (r_.duplicates == Duplicates::ReplaceIfCheaper)
      on_frontier_[nodes_[static_cast<std::size_t>(index)].tiles] = index;
    if (r_.textbook_heap) {
      clrs_insert(heap_, HeapItem{sort_key(index, seq), index});
    } else if (r_.heapq) {
      py_heappush(heap_, HeapItem{sort_key(index, seq), index});
    } else {
      SortKey key = sort_key(index, seq);
      key.push_back(
          seq);  // a no-op for the order (fifo or lifo already decided); keeps keys unique
      ordered_.emplace(std::move(key), index);
    }
    ++counters().pushed;
    counters().max_frontier = std::max<std::uint64_t>(counters().max_frontier, frontier_size());
    counters().max_depth = std::max<std::uint64_t>(
        counters().max_depth,
        static_cast<std::uint64_t>(nodes_[static_cast<std::size_t>(index)].depth));
  }

  int pop() {
    if (r_.textbook_heap) return clrs_extract_min(heap_).node;
    if (r_.heapq) return py_heappop(heap_).node;
    const auto first = ordered_.begin();
    const int index = first->second;
    ordered_.erase(first);
    return index;
  }

  std::size_t frontier_size() const { return r_.heapq ? heap_.size() : ordered_.size(); }

  Round solved(int index) {
    out_.result.moves = path_letters(index);
    out_.result.cost = nodes_[static_cast<std::size_t>(index)].g;
    if (r_.parent_last) {
      // A `parent` dictionary written at every push, read back from the goal to the start.
      std::string letters;
      std::int64_t cost = 0;
      // Popped: the goal's own last push; found on generate: the child just made.
      int at = r_.goal_on_generate
                   ? index
                   : last_push_.at(nodes_[static_cast<std::size_t>(index)].tiles);
      while (nodes_[static_cast<std::size_t>(at)].tiles != spec_.start) {
        const ModelNode& node = nodes_[static_cast<std::size_t>(at)];
        const ModelNode& parent = nodes_[static_cast<std::size_t>(node.parent)];
        letters += node.action;
        cost += node.g - parent.g;
        at = last_push_.at(parent.tiles);
      }
      out_.result.moves.assign(letters.rbegin(), letters.rend());
      out_.result.cost = cost;
    }
    return finish(SearchStatus::Solved);
  }

  Round finish(SearchStatus status) {
    out_.result.status = status;
    counters().discovered = reached_.size();
    out_.nodes_created = nodes_.size();
    return out_;
  }

  const ModelSpec& spec_;
  const Resolved& r_;
  std::optional<int> depth_limit_;
  std::optional<std::int64_t> f_bound_;
  std::uint64_t max_nodes_;
  bool needs_h_ = false;
  std::vector<TieKey> chain_;
  std::vector<ModelNode> nodes_;
  std::map<SortKey, int> ordered_;
  std::vector<HeapItem> heap_;
  std::int64_t next_seq_ = 0;
  std::unordered_set<Tiles> reached_, marked_, closed_, visited_;
  std::unordered_map<Tiles, int> best_;
  std::unordered_map<Tiles, int> on_frontier_;  // replace-if-cheaper: the state's frontier entry
  std::map<Tiles, int> last_push_;              // parent_link: last: the state's last pushed node
  Round out_;
};


// One round for most algorithms; iddfs and idastar repeat fresh rounds under a growing bound,
// adding the counters up (discovered and the maxima take the largest; rounds_counted: last keeps
// the last round's).
ModelResult model_search_uncounted(const ModelSpec& spec) {
  const Resolved r = model_defaults(spec.semantics, spec.algorithm);
  // idastar with round_bound: depth deepens by depth, from h(start), to the smallest cut-off f.
  const bool f_scheduled = spec.algorithm == Algorithm::Idastar;
  const bool deepening = spec.algorithm == Algorithm::Iddfs || (f_scheduled && r.rounds_by_depth);
  const bool by_f = f_scheduled && !r.rounds_by_depth;
  if (!deepening && !by_f) {
    return ModelSearch(spec, r, r.depth_limit, std::nullopt, spec.max_nodes).run().result;
  }
  ModelResult total;
  total.iterations = 0;
  std::int64_t bound = f_scheduled ? spec.heuristic(spec.start) : 0;
  std::uint64_t used = 0;
  while (total.iterations < 1000) {
    if (deepening && r.depth_limit && bound > *r.depth_limit) break;
    const std::optional<int> depth =
        deepening ? std::optional<int>(static_cast<int>(bound)) : r.depth_limit;
    const std::optional<std::int64_t> f = by_f ? std::optional<std::int64_t>(bound) : std::nullopt;
    const std::uint64_t budget = spec.max_nodes - std::min(used, spec.max_nodes);
    Round round = ModelSearch(spec, r, depth, f, budget).run();
    ++total.iterations;
    used += round.nodes_created;
    ModelCounters& sum = total.counters;
    const ModelCounters& add = round.result.counters;
    if (r.last_round_only) sum = ModelCounters{};  // rounds_counted: last
    sum.expanded += add.expanded;
    sum.popped += add.popped;
    sum.generated += add.generated;
    sum.pushed += add.pushed;
    sum.goal_tests += add.goal_tests;
    sum.built += add.built;
    sum.expanded_below_limit += add.expanded_below_limit;
    sum.discovered = std::max(sum.discovered, add.discovered);
    sum.max_frontier = std::max(sum.max_frontier, add.max_frontier);
    sum.max_depth = std::max(sum.max_depth, add.max_depth);
    total.trace.insert(total.trace.end(), round.result.trace.begin(), round.result.trace.end());
    total.status = round.result.status;
    total.moves = round.result.moves;
    total.cost = round.result.cost;
    if (round.result.status != SearchStatus::NoSolution || !round.cut_off) break;
    if (r.round_step > 0 && f_scheduled) {
      bound = bound + r.round_step;
    } else if (by_f) {
      bound = round.smallest_pruned_f;
    } else if (f_scheduled) {
      bound = std::max(bound + 1, round.smallest_cut_f);
    } else {
      bound = bound + 1;
    }
  }
  return total;
}

}  // namespace

ModelResult model_search(const ModelSpec& spec) {
  ModelResult result = model_search_uncounted(spec);
  result.count = model_count(result.counters, spec.semantics);
  return result;
}

}  // namespace model
