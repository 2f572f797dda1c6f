// Two mistakes combined (pairs.cpp's combine) against a simple model of the same rule, written
// over the semantics' JSON form instead of the field table: a field only one mistake changes takes
// that mistake's value, a field both change differently (or two changes of the algorithm) makes no
// pair, and a pair that is one of its two mistakes is no pair.
#include "grader/judge/pairs.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <optional>

#include "grader/spec/semantics_json.h"
#include "tests/support/task_builders.h"

using namespace tile;
using nlohmann::json;

namespace pairs_testing {

// The model's answer: the combined semantics as JSON and its algorithm, or nothing.
struct ModelPair {
  json semantics;
  Algorithm algorithm;
};

std::optional<ModelPair> model_combine(const Variant& reference, const Variant& a,
                                       const Variant& b) {
  if (a.parts.empty() || b.parts.empty()) return std::nullopt;
  const json r = semantics_to_json(as_written(reference.semantics));
  const json ja = semantics_to_json(as_written(a.semantics));
  const json jb = semantics_to_json(as_written(b.semantics));
  json out = ja;
  for (const auto& [key, value] : jb.items()) {
    const json in_reference = r.value(key, json());
    if (value == in_reference || value == ja.value(key, json())) continue;
    if (ja.value(key, json()) != in_reference) return std::nullopt;  // both changed it
    out[key] = value;
  }
  Algorithm algorithm = a.algorithm;
  if (b.algorithm != reference.algorithm) {
    if (a.algorithm != reference.algorithm) return std::nullopt;
    algorithm = b.algorithm;
  }
  if (out == ja && algorithm == a.algorithm) return std::nullopt;  // b added nothing
  if (out == jb && algorithm == b.algorithm) return std::nullopt;  // a added nothing
  return ModelPair{out, algorithm};
}

TEST_CASE("combine agrees with the model on every pair of every algorithm's catalogue") {
  const Board goal = testing::board_3x3("0 1 2 3 4 5 6 7 8");
  std::size_t pairs = 0, refused = 0;
  for (Algorithm algorithm : kAllAlgorithms) {
    CAPTURE(algorithm_name(algorithm));
    const Task task = testing::defaults_task(algorithm, goal);
    const Variant reference = reference_variant(task);
    const std::vector<Variant> catalogue = mistake_catalogue(task);
    for (const Variant& a : catalogue) {
      for (const Variant& b : catalogue) {
        if (&a == &b) continue;
        CAPTURE(a.code);
        CAPTURE(b.code);
        const std::optional<Variant> got = combine(reference, a, b);
        const std::optional<ModelPair> want = model_combine(reference, a, b);
        REQUIRE(got.has_value() == want.has_value());
        if (!got) {
          ++refused;
          continue;
        }
        ++pairs;
        CHECK(semantics_to_json(as_written(got->semantics)) == want->semantics);
        CHECK(got->algorithm == want->algorithm);
        CHECK(got->code == a.code + "+" + b.code);
        REQUIRE(got->parts.size() == 2);
        CHECK(got->parts[0] == a.parts.front());
        CHECK(got->parts[1] == b.parts.front());
        CHECK_FALSE(got->explanation.empty());
      }
    }
  }
  // Both outcomes were compared, many times each.
  CHECK(pairs > 100);
  CHECK(refused > 100);
}

TEST_CASE("a pair is named with both mistakes, the earlier first") {
  const Task task = testing::defaults_task(Algorithm::Bfs, testing::board_3x3("0 1 2 3 4 5 6 7 8"));
  std::vector<Variant> candidates{reference_variant(task)};
  for (Variant& variant : mistake_catalogue(task)) candidates.push_back(std::move(variant));
  // The first two mistakes of the catalogue that make a pair.
  for (std::size_t i = 1; i < candidates.size(); ++i) {
    for (std::size_t j = i + 1; j < candidates.size(); ++j) {
      if (!combine(candidates[0], candidates[i], candidates[j])) continue;
      const Diagnosis named = pair_diagnosis(candidates, {i, j});
      CHECK(named.code == candidates[i].code + "+" + candidates[j].code);
      REQUIRE(named.parts.size() == 2);
      CHECK(named.parts[0] == candidates[i].parts.front());
      return;
    }
  }
  FAIL("no two of bfs's mistakes make a pair");
}

}  // namespace pairs_testing
