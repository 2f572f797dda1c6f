// The scoring rule of one test: checks earn their weights, and a wrong path voids the count and
// the order unless the weights say "wrong_path": "partial".
#include <doctest/doctest.h>

#include "grader/judge/weighted_score.h"

using namespace tile;

namespace {

std::vector<ScoredCheck> search_checks(bool path, bool cost, bool count, bool order) {
  return {{"path", path}, {"cost", cost}, {"count", count}, {"order", order}};
}

}  // namespace

TEST_CASE("equal weights: each passing check earns an equal share when the path is right") {
  CHECK(weighted_share(search_checks(true, true, true, true), {}).fraction == 1);
  CHECK(weighted_share(search_checks(true, true, false, true), {}).fraction == doctest::Approx(0.75));
  CHECK(weighted_share(search_checks(true, false, false, false), {}).fraction ==
        doctest::Approx(0.25));
  CHECK(weighted_share(search_checks(true, true, false, true), {}).note.empty());
}

TEST_CASE("a wrong path earns nothing for its count and order, and the student is told why") {
  const WeightedShare share = weighted_share(search_checks(false, true, true, true), {});
  CHECK(share.fraction == doctest::Approx(0.25));  // the cost alone
  CHECK(share.note.find("your count and your expansion order earn no points") !=
        std::string::npos);
  const WeightedShare count_only = weighted_share(search_checks(false, false, true, false), {});
  CHECK(count_only.fraction == 0);
  CHECK(count_only.note.find("so your count earns no points on this test, though it matches.") != std::string::npos);
  // Nothing was voided when count and order fail anyway: no note.
  CHECK(weighted_share(search_checks(false, true, false, false), {}).note.empty());
}

TEST_CASE("\"wrong_path\": \"partial\" lets each check earn its own weight") {
  CheckWeights partial;
  partial.wrong_path = WrongPath::Partial;
  const WeightedShare share = weighted_share(search_checks(false, true, true, true), partial);
  CHECK(share.fraction == doctest::Approx(0.75));
  CHECK(share.note.empty());
}

TEST_CASE("weights set each check's share") {
  CheckWeights weights;
  weights.path = 2;  // path 2, cost 1, count 1, order 1: 5 in all
  CHECK(weighted_share(search_checks(true, false, false, false), weights).fraction ==
        doctest::Approx(0.4));
  CHECK(weighted_share(search_checks(true, true, true, false), weights).fraction ==
        doctest::Approx(0.8));
  weights.order = 0;  // order shown but worth nothing
  CHECK(weighted_share(search_checks(true, true, true, false), weights).fraction == 1);
  // A voided check that weighs nothing costs nothing, so the student is not told of it.
  CHECK(weighted_share(search_checks(false, false, false, true), weights).note.empty());
}

TEST_CASE("checks that weights do not name weigh 1; no checks earn nothing") {
  CheckWeights weights;
  weights.path = 3;
  // A heuristic test: its "path" check is weighed, its others count 1 each.
  const std::vector<ScoredCheck> heuristic = {{"admissible", true}, {"goal_zero", false}, {"path", true}};
  CHECK(weighted_share(heuristic, weights).fraction == doctest::Approx(4.0 / 5.0));
  CHECK(weighted_share({}, weights).fraction == 0);
}

TEST_CASE("boards instead of moves keep the count and order: the search was the one asked for") {
  const CheckWeights boards = weights_for_returned_boards(CheckWeights{});
  CHECK(boards.wrong_path == WrongPath::Partial);
  CHECK(weighted_share(search_checks(false, false, true, true), boards).fraction ==
        doctest::Approx(0.5));
}
