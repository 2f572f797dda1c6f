// A violated invariant's evidence: plain data the text report draws (boards side by side, what is
// known of each) and the JSON report carries field by field, read back unchanged.
#include "grader/report/step_evidence.h"

#include <doctest/doctest.h>

#include "grader/report/report.h"

namespace tile {
namespace step_evidence_testing {

Board board_3x3(const char* tiles) { return parse_board(Shape{3, 3}, tiles).value(); }

StepEvidence two_boards() {
  StepEvidence evidence;
  evidence.unit = StepUnit::PathMove;
  evidence.step = 3;
  evidence.boards.push_back(
      {"move 3 starts here", board_3x3("1 2 3 4 0 5 6 7 8"), 2, 2, 4, 1, std::nullopt});
  evidence.boards.push_back({"and ends here", board_3x3("1 0 3 4 2 5 6 7 8"), std::nullopt,
                             std::nullopt, std::nullopt, std::nullopt, std::nullopt});
  evidence.counts.push_back({"moves in your path", 7});
  return evidence;
}

TEST_CASE("the text shows both boards under their captions, with only the facts known") {
  const std::string text = step_evidence_text(two_boards());
  INFO(text);
  // Each column as wide as its widest line ("generated at expansion 1"), then four spaces.
  const std::string gap(std::string("generated at expansion 1").size() + 4 -
                            std::string("move 3 starts here").size(),
                        ' ');
  CHECK(text.starts_with("move 3 starts here" + gap + "and ends here\n"));
  CHECK(text.find("2 moves in") != std::string::npos);
  CHECK(text.find("h = 4, f = 6") != std::string::npos);
  CHECK(text.find("generated at expansion 1") != std::string::npos);
  // Neither board was expanded; of the second nothing else is known, so nothing else is said.
  const auto first = text.find("never expanded");
  REQUIRE(first != std::string::npos);
  CHECK(text.find("never expanded", first + 1) != std::string::npos);
  CHECK(text.find("generated at expansion", text.find("generated at expansion 1") + 1) ==
        std::string::npos);
  CHECK(text.find("moves in your path: 7\n") != std::string::npos);
  CHECK(text.find("g = ") == std::string::npos);  // g equals the depth: said once, as moves
}

TEST_CASE("the evidence crosses JSON field by field; a damaged board is refused") {
  const StepEvidence sent = two_boards();
  const auto json = nlohmann::json::parse(step_evidence_to_json(sent).dump());
  CHECK(json.at("unit") == "path-move");
  CHECK(json.at("boards").at(1).at("h").is_null());
  const auto received = step_evidence_from_json(json);
  REQUIRE(received);
  CHECK(*received == sent);

  auto damaged = json;
  damaged["boards"][0]["tiles"] = "1 1 3 4 0 5 6 7 8";
  CHECK_FALSE(step_evidence_from_json(damaged));
  damaged = json;
  damaged["unit"] = "minutes";
  CHECK_FALSE(step_evidence_from_json(damaged));
}

TEST_CASE("a frontier key is shown as the judge knows it, exact or bounded, and crosses JSON") {
  StepEvidence evidence;
  evidence.step = 5;
  EvidenceBoard taken{"you expanded", board_3x3("1 2 3 4 0 5 6 7 8"), 2, std::nullopt, 4, 1, 5};
  taken.key_name = "f";
  taken.key = 7;
  taken.key_bound = KeyBound::AtLeast;
  EvidenceBoard waiting{"while this board waited", board_3x3("1 0 3 4 2 5 6 7 8"), 1, 1, 3, 1,
                        std::nullopt};
  waiting.key_name = "f";
  waiting.key = 4;
  evidence.boards = {taken, waiting};
  const std::string text = step_evidence_text(evidence);
  INFO(text);
  CHECK(text.find("f at least 7") != std::string::npos);
  CHECK(text.find("f = 4") != std::string::npos);
  // The key is said once: the h line does not repeat f beside it.
  CHECK(text.find("h = 3, f") == std::string::npos);
  CHECK(text.find("h = 3") != std::string::npos);

  const auto json = nlohmann::json::parse(step_evidence_to_json(evidence).dump());
  CHECK(json.at("boards").at(0).at("key").at("bound") == "at-least");
  const auto received = step_evidence_from_json(json);
  REQUIRE(received);
  CHECK(*received == evidence);
  // A report written before keys existed has none, and reads as no key.
  auto older = json;
  older["boards"][0].erase("key");
  const auto read_older = step_evidence_from_json(older);
  REQUIRE(read_older);
  CHECK_FALSE(read_older->boards[0].key);
  auto damaged = json;
  damaged["boards"][0]["key"]["bound"] = "roughly";
  CHECK_FALSE(step_evidence_from_json(damaged));
}

TEST_CASE("a key of g that the board's first line states is said once") {
  EvidenceBoard costly{"you expanded", board_3x3("1 2 3 4 0 5 6 7 8"), 3, 7, std::nullopt, 1, 4};
  costly.key_name = "g";
  costly.key = 7;
  StepEvidence evidence;
  evidence.boards = {costly};
  const std::string text = step_evidence_text(evidence);
  INFO(text);
  CHECK(text.find("g = 7, 3 moves") != std::string::npos);
  CHECK(text.find("g = 7", text.find("g = 7, 3 moves") + 1) == std::string::npos);
  // A bound on g says something the first line does not: it stays.
  evidence.boards[0].key_bound = KeyBound::AtLeast;
  CHECK(step_evidence_text(evidence).find("g at least 7") != std::string::npos);
}

TEST_CASE("the call the evidence is about is said with its line, and crosses JSON") {
  StepEvidence evidence;
  evidence.step = 7;
  evidence.boards.push_back(
      {"you expanded", board_3x3("1 2 3 4 0 5 6 7 8"), 2, 2, std::nullopt, 1, 7});
  evidence.call = "successors";
  evidence.line = 41;
  const std::string text = step_evidence_text(evidence);
  INFO(text);
  CHECK(text.starts_with(
      "Expansion 7 is your call of problem:successors at line 41 of your file.\nyou expanded"));
  const auto json = nlohmann::json::parse(step_evidence_to_json(evidence).dump());
  CHECK(json.at("call") == "problem:successors");
  CHECK(json.at("line") == 41);
  const auto received = step_evidence_from_json(json);
  REQUIRE(received);
  CHECK(*received == evidence);

  // A goal test's line is said as the goal test's.
  evidence.call = "is_goal";
  evidence.line = 12;
  CHECK(step_call_sentence(evidence) ==
        "The goal test named here is your call of problem:is_goal at line 12 of your file.");
  // No line known: nothing said, and null in JSON.
  evidence.line = 0;
  CHECK(step_call_sentence(evidence).empty());
  CHECK(step_evidence_text(evidence).starts_with("you expanded"));
  const auto unknown = nlohmann::json::parse(step_evidence_to_json(evidence).dump());
  CHECK(unknown.at("line").is_null());
  CHECK(unknown.at("call").is_null());
  // Reports written before lines have neither field, and read as no call; a call with line 0 or
  // not of the problem is refused.
  auto older = json;
  older.erase("call");
  older.erase("line");
  const auto read_older = step_evidence_from_json(older);
  REQUIRE(read_older);
  CHECK(read_older->call.empty());
  CHECK(read_older->line == 0);
  auto damaged = json;
  damaged["line"] = 0;
  CHECK_FALSE(step_evidence_from_json(damaged));
  damaged = json;
  damaged["call"] = "os.exit";
  CHECK_FALSE(step_evidence_from_json(damaged));
}

TEST_CASE("a test's output and its JSON carry the evidence under the diagnosis") {
  TestResult test;
  test.task = "bfs";
  test.name = "bfs: published-1";
  test.diagnosis = {"path-move-never-generated", "Move 3 of your path ...", "", two_boards()};
  const std::string output = test_output_text(test);
  CHECK(output.find("move 3 starts here") < output.find("Diagnosis (path-move-never-generated)"));
  const auto back = test_result_from_json(test_result_to_json(test));
  REQUIRE(back);
  CHECK(back->diagnosis == test.diagnosis);
}

}  // namespace step_evidence_testing
}  // namespace tile

TEST_CASE("a diagnosis's JSON names its proof: the code's own, or the judge's word") {
  TestResult test;
  test.diagnosis.code = "goal-test-on-generate";
  test.diagnosis.sentence = "s";
  CHECK(test_result_to_json(test)["diagnosis"]["proof"] == "variant");
  test.diagnosis.code = "count-equals-goal-tests";
  CHECK(test_result_to_json(test)["diagnosis"]["proof"] == "identity");
  test.diagnosis.code = "unrecognised";
  CHECK_FALSE(test_result_to_json(test)["diagnosis"].contains("proof"));
  // The judge's word wins, and survives the round trip.
  test.diagnosis.code = "goal-test-on-generate";
  test.diagnosis.proof = "observed";
  const auto json = test_result_to_json(test);
  CHECK(json["diagnosis"]["proof"] == "observed");
  const auto back = test_result_from_json(json);
  REQUIRE(back);
  CHECK(back->diagnosis.proof == "observed");
}
