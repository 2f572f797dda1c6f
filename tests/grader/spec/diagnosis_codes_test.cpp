#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "grader/spec/diagnosis_codes.h"

using namespace tile;

namespace {

// The docs' row for one entry; an empty sentence (the output says it in its own words) as "—".
std::string readme_row(const DiagnosisCode& entry) {
  return "| `" + std::string(entry.code) + "` | " + std::string(entry.meaning) + " | " +
         (entry.sentence.empty() ? std::string("—") : std::string(entry.sentence)) + " |";
}

// The rows of the table of codes in docs/diagnosis-codes.md (the one whose header begins
// "| code |"), header and rule excluded.
std::vector<std::string> readme_table() {
  std::ifstream file(std::string(TILEGRADE_SOURCE_DIR) + "/docs/diagnosis-codes.md");
  REQUIRE(file);
  std::vector<std::string> rows;
  bool in_table = false;
  for (std::string line; std::getline(file, line);) {
    if (line.starts_with("| code |")) {
      in_table = true;
      continue;
    }
    if (!in_table) continue;
    if (!line.starts_with("|")) break;
    if (!line.starts_with("|---")) rows.push_back(line);
  }
  return rows;
}

}  // namespace

TEST_CASE("the docs' table of diagnosis codes is the catalogue, row by row") {
  const std::vector<std::string> rows = readme_table();
  std::string expected;
  for (const DiagnosisCode& entry : diagnosis_codes()) expected += readme_row(entry) + "\n";
  std::string actual;
  for (const std::string& row : rows) actual += row + "\n";
  // On a difference this prints the whole table to paste into docs/diagnosis-codes.md.
  CHECK_MESSAGE(actual == expected, "docs/diagnosis-codes.md's table should read:\n" << expected);
}

TEST_CASE("codes are unique, sentences are filled, and every compared constant is catalogued") {
  std::set<std::string_view> seen;
  for (const DiagnosisCode& entry : diagnosis_codes()) {
    CHECK_MESSAGE(seen.insert(entry.code).second, entry.code);
    CHECK_FALSE(entry.meaning.empty());
    CHECK(entry.meaning.find('|') == std::string_view::npos);
    CHECK(entry.sentence.find('|') == std::string_view::npos);
  }
  for (std::string_view code : {codes::kDidNotRun, codes::kError, codes::kExpansionBudget,
                                codes::kUnrecognised, codes::kNotInformed, codes::kNoScript,
                                codes::kAmbiguousScript, codes::kDuplicateStudent,
                                codes::kInternalError}) {
    CHECK_MESSAGE(is_known_diagnosis(code), code);
  }
}

TEST_CASE("family members and count combinations are known, other words are not") {
  CHECK(is_known_diagnosis("goal-test-on-generate"));
  CHECK(is_known_diagnosis("action-order-RLDU"));
  CHECK(is_known_diagnosis("counts-popped"));
  CHECK(is_known_diagnosis("goal-test-on-generate+counts-popped"));
  CHECK_FALSE(is_known_diagnosis("action-order-"));
  CHECK_FALSE(is_known_diagnosis("goal-test-on-generat"));
  CHECK_FALSE(is_known_diagnosis("goal-test-on-generate+wrong-board"));
  CHECK_FALSE(is_known_diagnosis("unrecognized"));
}

TEST_CASE("sentences are filled from their placeholders, and an unfilled one is refused") {
  const DiagnosisCode& order = diagnosis_code("action-order-{order}");
  CHECK(fill(order.code, {{"order", "RLDU"}}) == "action-order-RLDU");
  CHECK(fill(order.sentence, {{"order", "RLDU"}, {"assignment", "UDLR"}}) ==
        "You generate successors in the order RLDU; this assignment uses UDLR.");
  CHECK_THROWS_AS(fill(order.sentence, {{"order", "RLDU"}}), std::invalid_argument);
  CHECK_THROWS_AS(diagnosis_code("no-such-code"), std::out_of_range);
}
