#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "grader/spec/diagnosis_codes.h"

using namespace tile;

namespace {

// The docs' "reported as" column: the code a test carries for the row.
std::string reported_as(const DiagnosisCode& entry) {
  const std::string under = "`" + std::string(code_of(entry.reported_under)) + "`";
  switch (entry.reported_as) {
    case ReportedAs::Itself: return "itself";
    case ReportedAs::HeuristicSourceOf: return under + " with this heuristic_source";
    case ReportedAs::SentenceOf: return under + " with this sentence";
  }
  return "";
}

// The docs' row for one entry; no proof (the code claims no cause) and an empty sentence (the
// output says it in its own words) as "—".
std::string readme_row(const DiagnosisCode& entry) {
  auto or_dash = [](std::string_view text) {
    return text.empty() ? std::string("—") : std::string(text);
  };
  return "| `" + std::string(entry.code) + "` | " + std::string(family_name(entry.family)) +
         " | " + or_dash(proof_name(entry.proof)) + " | " + reported_as(entry) + " | " +
         std::string(entry.meaning) + " | " + or_dash(entry.sentence) + " |";
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

// The words in backquotes in docs/diagnosis-codes.md's prose, above its table, that are written as
// codes are: lower case, digits, hyphens, "+" and {placeholders}, with a hyphen inside.
std::vector<std::string> codes_in_docs_prose() {
  std::ifstream file(std::string(TILEGRADE_SOURCE_DIR) + "/docs/diagnosis-codes.md");
  REQUIRE(file);
  std::vector<std::string> words;
  for (std::string line; std::getline(file, line) && !line.starts_with("| code |");) {
    for (std::size_t open = line.find('`'); open != std::string::npos;) {
      const std::size_t close = line.find('`', open + 1);
      if (close == std::string::npos) break;
      const std::string word = line.substr(open + 1, close - open - 1);
      const bool code_like =
          !word.empty() && word.front() != '-' && word.find('-') != std::string::npos &&
          word.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-+{}") == std::string::npos;
      if (code_like) words.push_back(word);
      open = line.find('`', close + 1);
    }
  }
  return words;
}

}  // namespace

TEST_CASE("every code the docs' prose names is in the code table") {
  std::set<std::string> families;
  for (const DiagnosisCode& entry : diagnosis_codes()) {
    families.insert(std::string(family_name(entry.family)));
  }
  const std::vector<std::string> words = codes_in_docs_prose();
  CHECK(words.size() > 20);  // the prose names codes: the reading above still finds them
  for (const std::string& word : words) {
    CAPTURE(word);
    CHECK((is_known_diagnosis(word) || find_diagnosis_code(word) != nullptr ||
           families.contains(word)));
  }
}

TEST_CASE("the docs' table of diagnosis codes is the code table, row by row") {
  // Code, family, proof, the code a test carries, meaning and sentence: a code in the docs and
  // not in the table, or the other way round, or a column that differs, fails here.
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

TEST_CASE("each DiagnosisId names its own row, and a reported-under row is a code a test carries") {
  for (const DiagnosisCode& entry : diagnosis_codes()) {
    CAPTURE(entry.code);
    CHECK(&diagnosis_row(entry.id) == &entry);
    const DiagnosisCode& under = diagnosis_row(entry.reported_under);
    CHECK(under.reported_as == ReportedAs::Itself);
    if (entry.reported_as == ReportedAs::Itself) {
      CHECK(entry.reported_under == entry.id);
    } else {
      CHECK(entry.reported_under != entry.id);
    }
    // A heuristic's source is said under one of the heuristic checks' codes.
    if (entry.reported_as == ReportedAs::HeuristicSourceOf) {
      CHECK(entry.family == DiagnosisFamily::HeuristicSource);
      CHECK(under.family == DiagnosisFamily::Heuristic);
    }
    CHECK_FALSE(family_name(entry.family).empty());
  }
  CHECK(code_of(DiagnosisId::GoalTestOnGenerate) == "goal-test-on-generate");
  CHECK(code_of(DiagnosisId::ActionOrder) == "action-order-{order}");
  CHECK(diagnosis_row(DiagnosisId::HeuristicCountsBlank).reported_under ==
        DiagnosisId::Inadmissible);
  CHECK(codes::kDidNotRun == "did-not-run");
}

TEST_CASE("\"+\" joins exactly the rows the table marks joinable") {
  for (const DiagnosisCode& joined : diagnosis_codes()) {
    std::string code(joined.code);
    if (const auto brace = code.find('{'); brace != std::string::npos) {
      code = code.substr(0, brace) + "x";
    }
    CAPTURE(code);
    CHECK(is_known_diagnosis("goal-test-on-generate+" + code) ==
          (joined.joinability == Joinability::Joinable));
  }
}

TEST_CASE("the mutation corpus scores only codes of the table, its neutral ones claiming nothing") {
  // tests/mutation/codes.json keys a code by its row, a family by the prefix its members share
  // ("duplicates-"): each key must still be the start of some row's code, or the corpus would
  // score a code the judge can no longer give.
  std::ifstream file(std::string(TILEGRADE_SOURCE_DIR) + "/tests/mutation/codes.json");
  REQUIRE(file);
  const nlohmann::json corpus = nlohmann::json::parse(file);
  const auto rows = diagnosis_codes();
  for (const auto& item : corpus.at("codes").items()) {
    const std::string key = item.key();
    CAPTURE(key);
    CHECK(std::any_of(rows.begin(), rows.end(), [&](const DiagnosisCode& row) {
      return row.code.starts_with(key) || is_known_diagnosis(key);
    }));
  }
  for (const auto& neutral : corpus.at("neutral")) {
    const std::string code = neutral.get<std::string>();
    CAPTURE(code);
    const DiagnosisCode* row = find_diagnosis_code(code);
    REQUIRE(row != nullptr);
    CHECK(row->proof == Proof::None);
  }
}
