// The derived mistake space: every field and value it derives has a sentence, the values come from
// the engine's own tables, the old catalogue's codes are still derived where they were, and the
// new axes appear where they mean something.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "engine/bidirectional.h"
#include "grader/judge/mistake_catalogue.h"
#include "engine/semantics_values.h"

using namespace tile;

namespace {

Task task_of(Algorithm algorithm, Semantics semantics = {}) {
  Task task;
  task.name = std::string(algorithm_name(algorithm));
  task.kind = TaskKind::Search;
  task.algorithm = algorithm;
  task.semantics = resolve(semantics, algorithm);
  task.goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  if (uses_heuristic(algorithm)) task.heuristic = "manhattan";
  if (algorithm == Algorithm::WeightedAstar) task.weight = Weight{3, 2};
  return task;
}

std::set<std::string> codes_of(const std::vector<Variant>& variants) {
  std::set<std::string> out;
  for (const Variant& variant : variants) out.insert(variant.code);
  return out;
}

}  // namespace

TEST_CASE("every code the space derives, for every algorithm and style, has a sentence") {
  for (Algorithm algorithm : kAllAlgorithms) {
    for (int style = 0; style < 4; ++style) {
      // bibfs refuses the other styles (a tree search, a depth limit, a heap): no such task loads.
      if (algorithm == Algorithm::Bibfs && style != 0) continue;
      Semantics semantics;
      if (style == 1) semantics.duplicates = Duplicates::None;
      if (style == 2) semantics.depth_limit = 6;
      if (style == 3) {
        semantics.queue = QueueKind::PythonHeapq;
        semantics.tie_break = std::vector<TieKey>{};
      }
      std::vector<std::string> unnamed;
      const std::vector<Variant> variants =
          mistake_catalogue(task_of(algorithm, semantics), &unnamed);
      INFO(algorithm_name(algorithm) << " style " << style);
      std::string missing;
      for (const std::string& code : unnamed) missing += code + " ";
      CHECK_MESSAGE(unnamed.empty(), missing);
      CHECK(variants.size() > 20);
      for (const Variant& variant : variants) {
        CHECK(is_known_diagnosis(variant.code));
        CHECK_FALSE(variant.explanation.empty());
        CHECK(variant.explanation.find('{') == std::string::npos);
      }
    }
  }
}

TEST_CASE("each enum field takes every value of the engine's table but the task's own") {
  const std::vector<Duplicates> all = all_values<Duplicates>();
  CHECK(all.size() >= 6);
  CHECK(std::find(all.begin(), all.end(), Duplicates::ReplaceIfCheaper) != all.end());
  // A* (closed-on-pop): every other policy, replace-if-cheaper included, but closing only what
  // is expanded, which is closed-on-pop itself where nothing is cut off at a depth limit.
  const std::set<std::string> astar = codes_of(mistake_catalogue(task_of(Algorithm::Astar)));
  CHECK(astar.count("duplicates-closed-on-expand") == 0);
  for (Duplicates policy : all) {
    if (policy == Duplicates::ClosedOnPop || policy == Duplicates::ClosedOnExpand) continue;
    const std::string code = policy == Duplicates::None
                                 ? "no-duplicate-detection"
                                 : "duplicates-" + std::string(duplicates_name(policy));
    CHECK_MESSAGE(astar.count(code) == 1, code);
  }
  CHECK(astar.count("duplicates-closed-on-pop") == 0);
}

TEST_CASE("the old catalogue's codes are derived where they were, the new axes where they matter") {
  const std::set<std::string> bfs = codes_of(mistake_catalogue(task_of(Algorithm::Bfs)));
  for (const char* code : {"goal-test-on-generate", "start-never-goal-tested",
                           "no-duplicate-detection", "push-order-reverse", "frontier-stack",
                           "ties-lifo", "cost-tile", "action-order-RLDU", "counts-popped"}) {
    CHECK_MESSAGE(bfs.count(code) == 1, code);
  }
  // BFS has no depth limit, no rounds and marks states: none of their fields are mistakes there.
  for (const char* code : {"at-depth-limit-cut-off", "round-bound-depth", "cycle-check-path",
                           "algorithm-dls"}) {
    CHECK_MESSAGE(bfs.count(code) == 0, code);
  }
  const std::set<std::string> astar = codes_of(mistake_catalogue(task_of(Algorithm::Astar)));
  for (const char* code : {"priority-h-only", "priority-g-only", "priority-weighted",
                           "ties-in-heap-order", "queue-binary-heap", "ties-add-state"}) {
    CHECK_MESSAGE(astar.count(code) == 1, code);
  }
  // Weighted A*: the weight left out (or on g + h), or on g; a weight of 1 is A*, so neither.
  Task weighted = task_of(Algorithm::WeightedAstar);
  const std::vector<Variant> weighted_variants = mistake_catalogue(weighted);
  CHECK(codes_of(weighted_variants).count("weight-missing") == 1);
  CHECK(codes_of(weighted_variants).count("weight-on-g") == 1);
  for (const Variant& variant : weighted_variants) {
    if (variant.code == "weight-missing") CHECK(variant.algorithm == Algorithm::Astar);
    if (variant.code != "weight-on-g") continue;
    CHECK(variant.algorithm == Algorithm::WeightedAstar);  // g + h / w: w = 3/2 turned over
    CHECK(variant.weight.numerator == 2);
    CHECK(variant.weight.denominator == 3);
  }
  weighted.weight = Weight{1, 1};
  CHECK(codes_of(mistake_catalogue(weighted)).count("weight-missing") == 0);
  CHECK(codes_of(mistake_catalogue(weighted)).count("weight-on-g") == 0);
  Semantics aima;
  aima.duplicates = Duplicates::None;
  aima.cycle_check = CycleCheck::Path;
  aima.at_depth_limit = AtDepthLimit::CutOff;
  aima.depth_limit = 8;
  const std::set<std::string> iddfs = codes_of(mistake_catalogue(task_of(Algorithm::Iddfs, aima)));
  for (const char* code : {"cycle-check-none", "cycle-check-reverse-move", "at-depth-limit-expand",
                           "algorithm-dls", "depth-limit-off-by-one", "frontier-queue"}) {
    CHECK_MESSAGE(iddfs.count(code) == 1, code);
  }
  // Where states are marked, a cycle check drops nothing more: no such mistake is derived.
  const std::set<std::string> dfs = codes_of(mistake_catalogue(task_of(Algorithm::Dfs)));
  for (const char* code : {"cycle-check-path", "cycle-check-reverse-move"}) {
    CHECK_MESSAGE(dfs.count(code) == 0, code);
  }
  for (const char* code : {"frontier-queue", "push-order-forward"}) {
    CHECK_MESSAGE(iddfs.count(code) == 1, code);
  }
  const std::set<std::string> idastar = codes_of(mistake_catalogue(task_of(Algorithm::Idastar)));
  for (const char* code : {"round-bound-depth", "cycle-check-none", "cycle-check-path",
                           "algorithm-astar", "at-depth-limit-cut-off"}) {
    CHECK_MESSAGE(idastar.count(code) == 1, code);
  }
}

TEST_CASE("another counter is marked counter-only: diagnosis reads it from the counters") {
  for (const Variant& variant : mistake_catalogue(task_of(Algorithm::Bfs))) {
    CHECK(variant.counter_only == variant.code.starts_with("counts-"));
  }
}

TEST_CASE("a count one too high is flagged as such on its variant, not told by its code") {
  for (Algorithm algorithm : kAllAlgorithms) {
    INFO(algorithm_name(algorithm));
    const Task task = task_of(algorithm);
    const ResolvedSemantics& base = task.semantics;
    std::size_t flagged = 0;
    for (const Variant& variant : mistake_catalogue(task)) {
      // The flag says exactly what differs: the count's offset, and nothing else of the search.
      ResolvedSemantics same_count = variant.semantics;
      same_count.count_offset = base.count_offset;
      const bool offset_only =
          variant.semantics.count_offset != base.count_offset && same_count == base;
      CHECK(variant.count_offset == offset_only);
      if (variant.count_offset) {
        ++flagged;
        CHECK_FALSE(variant.counter_only);
      }
    }
    CHECK(flagged == 1);
  }
}

TEST_CASE("a bibfs task's space holds every other value of bibfs's fields, and nothing it refuses") {
  const Task task = task_of(Algorithm::Bibfs, Semantics{});
  const std::vector<Variant> variants = mistake_catalogue(task);
  std::vector<std::string> codes;
  for (const Variant& variant : variants) {
    codes.push_back(variant.code);
    if (variant.algorithm == Algorithm::Bibfs) {
      CAPTURE(variant.code);
      CHECK(check_bibfs(variant.semantics).ok());
    }
  }
  for (const char* code : {"meet-test-on-pop", "meet-stop-end-of-layer", "next-side-alternate-layer",
                           "next-side-smaller-frontier", "push-order-reverse", "counts-popped"}) {
    CAPTURE(code);
    CHECK(std::find(codes.begin(), codes.end(), code) != codes.end());
  }
  for (const char* code : {"goal-test-on-generate", "no-duplicate-detection", "ties-lifo",
                           "next-side-alternate-node", "meet-test-on-generate"}) {
    CAPTURE(code);
    CHECK(std::find(codes.begin(), codes.end(), code) == codes.end());
  }
}
