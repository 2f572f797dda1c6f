// Cheap candidates for the judge (engine/candidate_search.h): shared runs for specs that differ
// only in the count, searches stopped where their trace leaves a reference, and searches without
// counters, each checked against plain search().
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/candidate_search.h"
#include "engine/heuristic.h"

namespace tile {
namespace {

const Board kEightPuzzleGoal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
const Problem kProblem{parse_board(Shape{3, 3}, "4 1 2 7 0 6 8 3 5").value(), kEightPuzzleGoal};

SearchSpec spec_of(Algorithm algorithm, CountKind count) {
  Semantics written;
  written.duplicates = Duplicates::VisitedOnPop;
  written.push_order = PushOrder::Forward;
  written.depth_limit = 30;
  written.count = count;
  return SearchSpec::of(algorithm, written);
}

SearchSpec dfs_spec(CountKind count) { return spec_of(Algorithm::Dfs, count); }

TEST_CASE("candidates that differ only in the count share one run") {
  std::vector<SearchSpec> specs = {dfs_spec(CountKind::Expanded), dfs_spec(CountKind::Popped),
                                   dfs_spec(CountKind::Generated)};
  SearchSpec other = dfs_spec(CountKind::Popped);
  other.semantics.duplicates = Duplicates::OnPush;
  specs.push_back(other);
  specs.push_back(dfs_spec(CountKind::Discovered));
  SearchSpec offset = dfs_spec(CountKind::Pushed);
  offset.semantics.count_offset = -1;
  specs.push_back(offset);
  const CandidateResults shared = search_candidates(kProblem, specs);
  CHECK(shared.runs == 2);
  REQUIRE(shared.results.size() == specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    CAPTURE(i);
    const SearchResult alone = search(kProblem, specs[i]);
    CHECK(shared.results[i].path == alone.path);
    CHECK(shared.results[i].semantics == alone.semantics);
    CHECK(shared.results[i].count() == alone.count());
    for (const CounterField& field : kCounterFields) {
      CHECK(shared.results[i].counters.*field.member == alone.counters.*field.member);
    }
  }
  CHECK_FALSE(same_search(specs[0], specs[3]));
}

// The first index where two traces differ (or the shorter one's end).
std::size_t first_difference(const std::vector<Board>& a, const std::vector<Board>& b) {
  return static_cast<std::size_t>(std::mismatch(a.begin(), a.end(), b.begin(), b.end()).first -
                                  a.begin());
}

TEST_CASE("a search against a reference trace stops at its first different expansion") {
  auto manhattan = make_builtin_heuristic("manhattan", kEightPuzzleGoal).value();
  for (Algorithm algorithm : {Algorithm::Dfs, Algorithm::Bfs, Algorithm::Iddfs, Algorithm::Astar,
                              Algorithm::Idastar}) {
    CAPTURE(algorithm_name(algorithm));
    SearchSpec reference = SearchSpec::of(algorithm);
    reference.heuristic = manhattan.get();
    reference.record_trace = true;
    if (algorithm == Algorithm::Dfs) reference.semantics.depth_limit = 25;
    const SearchResult expected = search(kProblem, reference);

    SearchSpec same = reference;
    same.reference_trace = &expected.trace;
    const SearchResult agreeing = search(kProblem, same);
    CHECK_FALSE(agreeing.diverged_at);
    CHECK(agreeing.trace == expected.trace);
    CHECK(agreeing.path == expected.path);

    SearchSpec variant = reference;
    variant.semantics.action_order = {Move::Right, Move::Left, Move::Down, Move::Up};
    const SearchResult whole = search(kProblem, variant);
    variant.reference_trace = &expected.trace;
    const SearchResult stopped = search(kProblem, variant);
    const std::size_t differs = first_difference(whole.trace, expected.trace);
    REQUIRE(differs < whole.trace.size());
    REQUIRE(stopped.diverged_at);
    CHECK(*stopped.diverged_at == differs);
    CHECK(stopped.trace.size() == differs + 1);
    CHECK(std::equal(stopped.trace.begin(), stopped.trace.end(), whole.trace.begin()));
    CHECK_FALSE(stopped.solved());
  }
}

TEST_CASE("without counters a search finds the same path after the same expansions") {
  for (Algorithm algorithm : {Algorithm::Bfs, Algorithm::Dfs, Algorithm::Iddfs}) {
    SearchSpec spec = spec_of(algorithm, CountKind::Expanded);
    spec.record_trace = true;
    const SearchResult counted = search(kProblem, spec);
    spec.record_counters = false;
    const SearchResult quiet = search(kProblem, spec);
    CHECK(quiet.path == counted.path);
    CHECK(quiet.trace == counted.trace);
    CHECK(quiet.counters.expanded == counted.counters.expanded);
    CHECK(quiet.counters.popped == counted.counters.popped);
    CHECK(quiet.counters.generated == 0);
  }
}

}  // namespace
}  // namespace tile
