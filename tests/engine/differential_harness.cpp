#include "tests/engine/differential_harness.h"

#include <set>
#include <sstream>

namespace model {

namespace {

bool same_tiles(const Board& board, const Tiles& tiles) {
  if (board.cells() != static_cast<int>(tiles.size())) return false;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (board.at(cell) != tiles[static_cast<std::size_t>(cell)]) return false;
  }
  return true;
}

bool same_counters(const Counters& e, const ModelCounters& m) {
  return e.expanded == m.expanded && e.popped == m.popped && e.generated == m.generated &&
         e.pushed == m.pushed && e.discovered == m.discovered && e.max_frontier == m.max_frontier &&
         e.max_depth == m.max_depth && e.goal_tests == m.goal_tests && e.built == m.built &&
         e.expanded_below_limit == m.expanded_below_limit;
}

bool same_trace(const std::vector<Board>& engine, const std::vector<Tiles>& model) {
  if (engine.size() != model.size()) return false;
  for (std::size_t i = 0; i < model.size(); ++i) {
    if (!same_tiles(engine[i], model[i])) return false;
  }
  return true;
}

}  // namespace

std::string difference(const SearchResult& engine, const ModelResult& model) {
  if (engine.status == model.status && engine.moves() == model.moves && engine.cost == model.cost &&
      same_counters(engine.counters, model.counters) && engine.iterations == model.iterations &&
      engine.count() == model.count &&
      same_trace(engine.trace, model.trace)) {
    return {};
  }
  std::ostringstream out;
  if (engine.status != model.status) {
    out << "status " << status_name(engine.status) << " vs model " << status_name(model.status)
        << "; ";
  }
  if (engine.moves() != model.moves)
    out << "path " << engine.moves() << " vs model " << model.moves << "; ";
  if (engine.cost != model.cost) out << "cost " << engine.cost << " vs " << model.cost << "; ";
  const Counters& e = engine.counters;
  const ModelCounters& m = model.counters;
  auto counter = [&](const char* name, std::uint64_t a, std::uint64_t b) {
    if (a != b) out << name << " " << a << " vs model " << b << "; ";
  };
  counter("expanded", e.expanded, m.expanded);
  counter("popped", e.popped, m.popped);
  counter("generated", e.generated, m.generated);
  counter("pushed", e.pushed, m.pushed);
  counter("discovered", e.discovered, m.discovered);
  counter("max_frontier", e.max_frontier, m.max_frontier);
  counter("max_depth", e.max_depth, m.max_depth);
  counter("goal_tests", e.goal_tests, m.goal_tests);
  counter("built", e.built, m.built);
  counter("expanded_below_limit", e.expanded_below_limit, m.expanded_below_limit);
  counter("count", engine.count(), model.count);
  if (engine.iterations != model.iterations) {
    out << "iterations " << engine.iterations << " vs " << model.iterations << "; ";
  }
  if (engine.trace.size() != model.trace.size()) {
    out << "trace length " << engine.trace.size() << " vs " << model.trace.size() << "; ";
  }
  for (std::size_t i = 0; i < std::min(engine.trace.size(), model.trace.size()); ++i) {
    if (!same_tiles(engine.trace[i], model.trace[i])) {
      out << "trace differs at expansion " << i + 1 << ": " << format_tiles(engine.trace[i])
          << " vs model " << tiles_text(model.trace[i]) << "; ";
      break;
    }
  }
  return out.str();
}

std::vector<Tiles> reachable_states(Grid grid, const Tiles& goal) {
  std::vector<Tiles> order{goal};
  std::set<Tiles> seen{goal};
  for (std::size_t i = 0; i < order.size(); ++i) {
    for (char move : {'U', 'D', 'L', 'R'}) {
      const int target = target_cell(order[i], grid, move);
      if (target < 0) continue;
      Tiles next = order[i];
      std::swap(next[static_cast<std::size_t>(blank_cell(next))],
                next[static_cast<std::size_t>(target)]);
      if (seen.insert(next).second) order.push_back(next);
    }
  }
  return order;
}


std::vector<Tiles> starts_for_this_build(const std::vector<Tiles>& all) {
#if defined(TILEGRADE_SANITIZE)
  std::vector<Tiles> sample;
  for (std::size_t i = 0; i < all.size(); i += 6) sample.push_back(all[i]);
  return sample;
#else
  return all;
#endif
}

}  // namespace model
