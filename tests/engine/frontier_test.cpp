// The frontier: stable order is the sort by (priority, tie-break chain, insertion); the bucket fast
// path gives exactly the general heap's order; python-heapq mode gives exactly the order of the
// real CPython heapq module (run by python3 at test time), duplicates and all.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/frontier.h"
#include "engine/heuristic.h"
#include "engine/node.h"
#include "engine/random_boards.h"
#include "engine/search.h"
#include "tests/engine/queue_ops.h"

using namespace tile;
using tile::testing::QueueOp;
using tile::testing::random_ops;

namespace {

// Nodes with random keys: parents (so paths), moves, action ranks, g, h and expansion numbers all
// drawn from small ranges so that ties are everywhere.
NodeStore random_nodes(int count, std::uint32_t seed) {
  std::mt19937 random(seed);
  NodeStore nodes(Shape{3, 3});
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  for (int i = 0; i < count; ++i) {
    // Few distinct boards, so that the state key ties too.
    Node node = node_of(random_solvable_board(goal, random() % 6));
    node.parent =
        i == 0 ? kNoParent : static_cast<std::uint32_t>(random() % static_cast<unsigned>(i));
    node.action = kAllMoves[random() % 4];
    node.action_rank = static_cast<std::int8_t>(random() % 4);
    node.g = static_cast<std::int32_t>(random() % 4);
    const auto h = static_cast<std::int64_t>(random() % 4);
    node.depth = node.g;
    const auto parent_expansion = static_cast<std::uint32_t>(random() % 4);
    nodes.add(node, h, parent_expansion);
  }
  return nodes;
}

std::vector<std::uint32_t> engine_pops(const std::vector<TieKey>& chain, QueueKind queue,
                                       const NodeStore& nodes, bool buckets,
                                       const std::vector<QueueOp>& ops) {
  Frontier frontier(chain, queue, nodes, buckets);
  std::vector<std::uint32_t> popped;
  for (const QueueOp& op : ops) {
    if (op.push) {
      frontier.push(op.priority, op.node);
    } else {
      REQUIRE_FALSE(frontier.empty());
      popped.push_back(frontier.pop());
    }
  }
  CHECK(frontier.empty());
  return popped;
}

// The key that a Python notebook's heap entry would compare, as a Python tuple literal.
std::string python_key(const NodeStore& nodes, const std::vector<TieKey>& chain,
                       std::int64_t priority, std::uint32_t index) {
  const Node& node = nodes[index];
  std::ostringstream key;
  key << "(" << priority << ",";
  for (TieKey tie : chain) {
    switch (tie) {
      case TieKey::Action: key << static_cast<int>(node.action_rank); break;
      case TieKey::State:
        key << "(";
        for (int cell = 0; cell < nodes.board(index).cells(); ++cell) {
          key << nodes.board(index).at(cell) << ",";
        }
        key << ")";
        break;
      case TieKey::Path: key << "'" << nodes.path_letters(index) << "'"; break;
      case TieKey::ParentLifo: key << -static_cast<std::int64_t>(nodes.parent_expansion(index)); break;
      case TieKey::HLow: key << nodes.h(index); break;
      case TieKey::GHigh: key << -node.g; break;
      case TieKey::GLow: key << node.g; break;
      case TieKey::Fifo:
      case TieKey::Lifo: FAIL("fifo and lifo are not keys a Python entry carries"); break;
    }
    key << ",";
  }
  key << ")";
  return key.str();
}

struct HeapRun {
  std::vector<TieKey> chain;
  std::vector<QueueOp> ops;
};

// Runs each list of operations through CPython's heapq (one python3 process for all of them): an
// entry compares its key tuple only and the node id rides along uncompared, exactly like a
// notebook's objects with __lt__. Returns the popped node ids, one list per run.
std::vector<std::vector<std::uint32_t>> cpython_pops(const NodeStore& nodes,
                                                     const std::vector<HeapRun>& runs) {
  char path[] = "/tmp/tilegrade_heapq_XXXXXX";
  const int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  {
    std::ofstream script(path);
    script << "import heapq\n"
              "class Entry:\n"
              "    __slots__ = ('key', 'node')\n"
              "    def __init__(self, key, node):\n"
              "        self.key = key\n"
              "        self.node = node\n"
              "    def __lt__(self, other):\n"
              "        return self.key < other.key\n"
              "heap, out = [], []\n"
              "def push(key, node):\n"
              "    heapq.heappush(heap, Entry(key, node))\n"
              "def pop():\n"
              "    out.append(heapq.heappop(heap).node)\n"
              "def done():\n"
              "    print(' '.join(map(str, out)) + ' .')\n"
              "    out.clear()\n";
    for (const HeapRun& run : runs) {
      for (const QueueOp& op : run.ops) {
        if (op.push) {
          script << "push(" << python_key(nodes, run.chain, op.priority, op.node) << ", " << op.node
                 << ")\n";
        } else {
          script << "pop()\n";
        }
      }
      script << "done()\n";
    }
  }
  std::string command = "python3 ";
  command += path;
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE_MESSAGE(pipe != nullptr, "cannot run python3");
  std::string output;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe)) output += buffer.data();
  const int status = pclose(pipe);
  std::remove(path);
  REQUIRE_MESSAGE(status == 0, "python3 failed on the heapq script");
  std::vector<std::vector<std::uint32_t>> popped(1);
  std::istringstream in(output);
  for (std::string word; in >> word;) {
    if (word == ".") {
      popped.emplace_back();
    } else {
      popped.back().push_back(static_cast<std::uint32_t>(std::stoul(word)));
    }
  }
  popped.pop_back();  // the empty list opened by the last "."
  REQUIRE(popped.size() == runs.size());
  return popped;
}

// The stable order, by definition: sort by (priority, chain keys, insertion number) and take the
// smallest present entry at each pop.
struct Pending {
  std::int64_t priority;
  std::uint32_t node;
  std::uint64_t seq;
};

bool defined_before(const NodeStore& nodes, const std::vector<TieKey>& chain, const Pending& a,
                    const Pending& b) {
  if (a.priority != b.priority) return a.priority < b.priority;
  const Node& x = nodes[a.node];
  const Node& y = nodes[b.node];
  for (TieKey tie : chain) {
    switch (tie) {
      case TieKey::Fifo:
        if (a.seq != b.seq) return a.seq < b.seq;
        break;
      case TieKey::Lifo:
        if (a.seq != b.seq) return a.seq > b.seq;
        break;
      case TieKey::Action:
        if (x.action_rank != y.action_rank) return x.action_rank < y.action_rank;
        break;
      case TieKey::State:
        if (nodes.board(a.node).tiles != nodes.board(b.node).tiles) {
          return nodes.board(a.node).tiles < nodes.board(b.node).tiles;
        }
        break;
      case TieKey::Path: {
        const std::string p = nodes.path_letters(a.node), q = nodes.path_letters(b.node);
        if (p != q) return p < q;
        break;
      }
      case TieKey::ParentLifo:
        if (nodes.parent_expansion(a.node) != nodes.parent_expansion(b.node))
          return nodes.parent_expansion(a.node) > nodes.parent_expansion(b.node);
        break;
      case TieKey::HLow:
        if (nodes.h(a.node) != nodes.h(b.node)) return nodes.h(a.node) < nodes.h(b.node);
        break;
      case TieKey::GHigh:
        if (x.g != y.g) return x.g > y.g;
        break;
      case TieKey::GLow:
        if (x.g != y.g) return x.g < y.g;
        break;
    }
  }
  return a.seq < b.seq;  // the insertion order that closes every stable chain
}

std::vector<std::uint32_t> defined_stable_pops(const NodeStore& nodes,
                                               const std::vector<TieKey>& chain,
                                               const std::vector<QueueOp>& ops) {
  std::vector<Pending> pending;
  std::vector<std::uint32_t> popped;
  std::uint64_t seq = 0;
  for (const QueueOp& op : ops) {
    if (op.push) {
      pending.push_back({op.priority, op.node, seq++});
    } else {
      const auto first = std::min_element(
          pending.begin(), pending.end(),
          [&](const Pending& a, const Pending& b) { return defined_before(nodes, chain, a, b); });
      popped.push_back(first->node);
      pending.erase(first);
    }
  }
  return popped;
}

const std::vector<std::vector<TieKey>> kChains = {
    {},
    {TieKey::Fifo},
    {TieKey::Lifo},
    {TieKey::Action},
    {TieKey::Action, TieKey::Fifo},
    {TieKey::State},
    {TieKey::Path},
    {TieKey::ParentLifo, TieKey::Path},
    {TieKey::HLow, TieKey::Lifo},
    {TieKey::GHigh},
    {TieKey::GLow, TieKey::Action},
};

}  // namespace

TEST_CASE("stable order is the sort by priority, the tie-break chain, then insertion") {
  const NodeStore nodes = random_nodes(60, 1);
  for (std::size_t c = 0; c < kChains.size(); ++c) {
    CAPTURE(c);
    const auto ops = random_ops(300, 60, {0, 1, 2, 3, 5}, static_cast<std::uint32_t>(10 + c));
    const auto expected = defined_stable_pops(nodes, kChains[c], ops);
    CHECK(engine_pops(kChains[c], QueueKind::Stable, nodes, false, ops) == expected);
    CHECK(engine_pops(kChains[c], QueueKind::Stable, nodes, true, ops) == expected);
  }
}

TEST_CASE("bucket queue and general heap pop the same order, across the bucket range") {
  const NodeStore nodes = random_nodes(50, 2);
  // Priorities inside the bucket range, and some outside it (negative, or past 65535), which make
  // the bucket queue hand its entries over to the heap part-way through.
  const std::vector<std::vector<std::int64_t>> priority_sets = {
      {0, 1, 2, 7}, {3, 4, 60000, 65535}, {0, 1, 2, 70000}, {5, 6, -1}, {0, 1'000'000'000}};
  for (const auto& chain :
       {std::vector<TieKey>{TieKey::Fifo}, std::vector<TieKey>{TieKey::Lifo}, std::vector<TieKey>{},
        std::vector<TieKey>{TieKey::Lifo, TieKey::Action}}) {
    for (std::size_t p = 0; p < priority_sets.size(); ++p) {
      const auto ops = random_ops(400, 50, priority_sets[p], static_cast<std::uint32_t>(100 + p));
      const auto heap = engine_pops(chain, QueueKind::Stable, nodes, false, ops);
      CHECK(engine_pops(chain, QueueKind::Stable, nodes, true, ops) == heap);
      CHECK(heap == defined_stable_pops(nodes, chain, ops));
    }
  }
}

TEST_CASE("the bucket queue serves fifo- and lifo-led stable chains only") {
  const NodeStore nodes = random_nodes(4, 3);
  CHECK(Frontier({TieKey::Fifo}, QueueKind::Stable, nodes, true).using_buckets());
  CHECK(Frontier({TieKey::Lifo, TieKey::Action}, QueueKind::Stable, nodes, true).using_buckets());
  CHECK(Frontier({}, QueueKind::Stable, nodes, true).using_buckets());  // closed by fifo
  CHECK_FALSE(
      Frontier({TieKey::Action, TieKey::Fifo}, QueueKind::Stable, nodes, true).using_buckets());
  CHECK_FALSE(Frontier({TieKey::Fifo}, QueueKind::PythonHeapq, nodes, true).using_buckets());
  CHECK_FALSE(Frontier({TieKey::Fifo}, QueueKind::Stable, nodes, false).using_buckets());
}

TEST_CASE("python-heapq pops exactly what CPython's heapq pops, duplicate priorities and all") {
  const NodeStore nodes = random_nodes(80, 4);
  std::vector<HeapRun> runs;
  for (std::size_t c = 0; c < kChains.size(); ++c) {
    const auto& chain = kChains[c];
    const bool has_order_key = std::find(chain.begin(), chain.end(), TieKey::Fifo) != chain.end() ||
                               std::find(chain.begin(), chain.end(), TieKey::Lifo) != chain.end();
    if (has_order_key) continue;  // insertion numbers are not something a Python entry carries
    runs.push_back(
        {chain, random_ops(500, 80, {0, 1, 1, 2, 3}, static_cast<std::uint32_t>(200 + c))});
  }
  // With every priority equal and no keys, a stable queue would pop in insertion order and
  // CPython's heap does not: this run shows that the comparison can tell the two apart.
  runs.push_back({{}, random_ops(100, 20, {0}, 6)});
  const auto expected = cpython_pops(nodes, runs);
  for (std::size_t r = 0; r < runs.size(); ++r) {
    CAPTURE(r);
    REQUIRE(expected[r].size() == (r + 1 < runs.size() ? 500u : 100u));
    CHECK(engine_pops(runs[r].chain, QueueKind::PythonHeapq, nodes, true, runs[r].ops) ==
          expected[r]);
  }
  CHECK(runs.size() >= 8);
  CHECK(expected.back() != defined_stable_pops(nodes, runs.back().chain, runs.back().ops));
}

TEST_CASE("whole searches trace the same with the bucket queue allowed and with the heap forced") {
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  auto manhattan = make_builtin_heuristic("manhattan", goal).value();
  int compared = 0;
  for (std::uint64_t seed = 0; seed < 12; ++seed) {
    // Up to 17 scrambling moves: deep enough for wide frontiers, shallow enough for iddfs.
    const Board start = scrambled_board(goal, 6 + static_cast<int>(seed), seed);
    for (Algorithm algorithm : {Algorithm::Bfs, Algorithm::Dfs, Algorithm::Ucs, Algorithm::Astar,
                                Algorithm::Iddfs, Algorithm::Idastar}) {
      SearchSpec spec = SearchSpec::of(algorithm);
      spec.heuristic = manhattan.get();
      spec.record_trace = true;
      spec.semantics.cost = seed % 2 ? CostModel::Tile : CostModel::Unit;
      if (algorithm == Algorithm::Dfs) spec.semantics.depth_limit = 20;
      spec.allow_bucket_queue = true;
      const SearchResult buckets = search({start, goal}, spec);
      spec.allow_bucket_queue = false;
      const SearchResult heap = search({start, goal}, spec);
      CAPTURE(algorithm_name(algorithm));
      CHECK(buckets.status == heap.status);
      CHECK(buckets.moves() == heap.moves());
      CHECK(buckets.counters.expanded == heap.counters.expanded);
      CHECK(buckets.counters.max_frontier == heap.counters.max_frontier);
      CHECK(buckets.trace == heap.trace);
      ++compared;
    }
  }
  CHECK(compared == 72);
}

TEST_CASE("peek names the nodes the next pops return, or nothing, never another node") {
  const NodeStore nodes = random_nodes(50, 5);
  for (const auto& chain : {std::vector<TieKey>{TieKey::Fifo}, std::vector<TieKey>{TieKey::Lifo}}) {
    for (bool buckets : {true, false}) {
      const auto ops = random_ops(300, 50, {0, 1, 2, 5}, 77);
      Frontier frontier(chain, QueueKind::Stable, nodes, buckets);
      int named = 0;
      for (const QueueOp& op : ops) {
        if (op.push) {
          frontier.push(op.priority, op.node);
          continue;
        }
        // Each named node is what a copy of the frontier pops at that distance.
        Frontier ahead = frontier;
        for (std::size_t distance = 0; distance < 3 && !ahead.empty(); ++distance) {
          const std::uint32_t guess = frontier.peek(distance);
          const std::uint32_t popped = ahead.pop();
          if (guess == kNoNode) continue;
          CHECK(guess == popped);
          ++named;
        }
        frontier.pop();
      }
      // The buckets name most next pops; the heap names none.
      if (buckets) {
        CHECK(named > 200);
      } else {
        CHECK(named == 0);
      }
    }
  }
}
