// Runs the engine and the differential model (search_model.h) on the same cases and reports every
// difference: status, path, cost, each counter, rounds and the whole expansion trace.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/heuristic.h"
#include "engine/search.h"
#include "tests/engine/search_model.h"

namespace model {

using namespace tile;

// A heuristic given to the engine as a plain function of the board (for estimators that are not
// built in, e.g. seed 002's out_of_place that counts the blank and is inconsistent).
class FunctionHeuristic final : public Heuristic {
 public:
  FunctionHeuristic(std::string name, ModelHeuristic function)
      : name_(std::move(name)), function_(std::move(function)) {}
  std::optional<std::int64_t> estimate(const Board& board) override {
    return function_(tiles_of(board));
  }
  std::string name() const override { return name_; }

 private:
  std::string name_;
  ModelHeuristic function_;
};

enum class HeuristicKind { Manhattan, Misplaced, MisplacedWithBlank };

struct Config {
  Algorithm algorithm = Algorithm::Bfs;
  Semantics semantics;
  HeuristicKind heuristic = HeuristicKind::Manhattan;
  Weight weight;
  std::uint64_t max_nodes = 4000;
};

inline std::string config_text(const Config& config) {
  std::string text = std::string(algorithm_name(config.algorithm)) +
                     " h=" + std::to_string(static_cast<int>(config.heuristic)) +
                     " w=" + std::to_string(config.weight.numerator) + "/" +
                     std::to_string(config.weight.denominator) +
                     " max_nodes=" + std::to_string(config.max_nodes) + "\n" +
                     describe(config.semantics);
  return text;
}

struct Prepared {
  std::unique_ptr<Heuristic> engine_heuristic;
  ModelHeuristic model_heuristic;
};

inline Prepared prepare_heuristic(HeuristicKind kind, Grid grid, const Tiles& goal) {
  const Board goal_board_value = board_of(grid, goal);
  Prepared prepared;
  switch (kind) {
    case HeuristicKind::Manhattan:
      prepared.engine_heuristic =
          std::move(make_builtin_heuristic("manhattan", goal_board_value).value());
      prepared.model_heuristic = model_manhattan(grid, goal);
      break;
    case HeuristicKind::Misplaced:
      prepared.engine_heuristic =
          std::move(make_builtin_heuristic("misplaced", goal_board_value).value());
      prepared.model_heuristic = model_misplaced(goal, false);
      break;
    case HeuristicKind::MisplacedWithBlank:
      prepared.model_heuristic = model_misplaced(goal, true);
      prepared.engine_heuristic =
          std::make_unique<FunctionHeuristic>("misplaced-with-blank", prepared.model_heuristic);
      break;
  }
  return prepared;
}


// Empty when the engine's answer equals the model's, else what differs.
std::string difference(const SearchResult& engine, const ModelResult& model);

// Runs one configuration on many starts; reports the first few differences in full.
class Differential {
 public:
  Differential(Grid grid, Tiles goal) : grid_(grid), goal_(std::move(goal)) {}

  void run(const Config& config, const std::vector<Tiles>& starts) {
    Prepared heuristic = prepare_heuristic(config.heuristic, grid_, goal_);
    for (const Tiles& start : starts) {
      ModelSpec model_spec;
      model_spec.grid = grid_;
      model_spec.start = start;
      model_spec.goal = goal_;
      model_spec.algorithm = config.algorithm;
      model_spec.semantics = config.semantics;
      model_spec.heuristic = heuristic.model_heuristic;
      model_spec.weight_numerator = config.weight.numerator;
      model_spec.weight_denominator = config.weight.denominator;
      model_spec.max_nodes = config.max_nodes;
      const ModelResult expected = model_search(model_spec);

      const Problem problem{board_of(grid_, start), board_of(grid_, goal_)};
      SearchSpec spec = SearchSpec::of(config.algorithm, config.semantics);
      spec.heuristic = heuristic.engine_heuristic.get();
      spec.weight = config.weight;
      spec.limits.max_nodes = config.max_nodes;
      spec.record_trace = true;
      // The bucket queue may only serve queue: stable; there, each search runs with it allowed
      // and with the general heap forced, and both must give the model's answer.
      const bool stable = config.semantics.queue == QueueKind::Stable;
      for (bool buckets : {true, false}) {
        if (!buckets && !stable) continue;
        spec.allow_bucket_queue = buckets;
        const std::string diff = difference(search(problem, spec), expected);
        ++searches_;
        if (!diff.empty()) {
          ++mismatches_;
          if (mismatches_ <= 5) {
            FAIL_CHECK("engine and model differ from start "
                       << tiles_text(start) << " to goal " << tiles_text(goal_)
                       << std::string(buckets ? " (buckets allowed)" : " (heap only)") << ": "
                       << diff << "\n"
                       << config_text(config));
          }
        }
      }
      statuses_[expected.status]++;
    }
  }

  int mismatches() const { return mismatches_; }
  int searches() const { return searches_; }
  int count(SearchStatus status) const {
    const auto found = statuses_.find(status);
    return found == statuses_.end() ? 0 : found->second;
  }

 private:
  Grid grid_;
  Tiles goal_;
  int mismatches_ = 0;
  int searches_ = 0;
  std::map<SearchStatus, int> statuses_;
};

// Runs the engine and the model on one case; they must agree before either is checked by hand.
// The engine's result comes with its trace.
inline SearchResult run_both(Grid grid, const Tiles& start, const Tiles& goal, Algorithm algorithm,
                             const Semantics& semantics) {
  Config config;
  config.algorithm = algorithm;
  config.semantics = semantics;
  config.max_nodes = 1'000'000;
  Differential differential(grid, goal);
  differential.run(config, {start});
  CHECK(differential.mismatches() == 0);
  const Problem problem{board_of(grid, start), board_of(grid, goal)};
  SearchSpec spec = SearchSpec::of(algorithm, semantics);
  auto manhattan = make_builtin_heuristic("manhattan", problem.goal).value();
  spec.heuristic = manhattan.get();
  spec.record_trace = true;
  return search(problem, spec);
}

// Every state that can reach `goal`, found by the model's own breadth-first walk, in BFS order.
std::vector<Tiles> reachable_states(Grid grid, const Tiles& goal);

// The starts an exhaustive differential runs each configuration on. Under the sanitizers
// (scripts/test.sh --sanitize, where these tests run ten times slower) every sixth start: the
// configuration decides which code runs, the start mostly how long it runs. Elsewhere, all of them.
std::vector<Tiles> starts_for_this_build(const std::vector<Tiles>& all);

}  // namespace model
