#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "grader/batch/gradebook.h"
#include "grader/batch/people.h"

using namespace tile;

namespace {

std::string written(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("tilegrade-people-" + name);
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

}  // namespace

TEST_CASE("a roster CSV: quoted fields, CRLF, column aliases, blank lines") {
  auto people = read_roster_csv(written(
      "roster.csv", "name,Student_ID,student,email\r\n\"Doe, \"\"JD\"\" Jane\",12,jane,j@x\r\n\r\n"
                    "Bo,13,bo,\n"));
  REQUIRE(people);
  REQUIRE(people->size() == 2);
  const Person& jane = people->at("jane").at(0);
  CHECK(jane.name == "Doe, \"JD\" Jane");
  CHECK(jane.sid == "12");
  CHECK(jane.email == "j@x");
  CHECK(people->at("bo").at(0).email.empty());
}

TEST_CASE("submission_metadata.yml: each folder's submitters, ids kept as written") {
  auto people = read_gradescope_metadata(written("meta.yml",
      "submission_7:\n  :submitters:\n  - :name: A\n    :sid: '007'\n    :email: a@x\n"
      "  - :name: B\n    :sid: 8\n    :email: b@x\n  :score: 3.0\n"));
  REQUIRE(people);
  REQUIRE(people->at("submission_7").size() == 2);
  CHECK(people->at("submission_7")[0].sid == "007");
  CHECK(people->at("submission_7")[1].sid == "8");
  auto broken = read_gradescope_metadata(written("broken.yml", "submission_7: {:score: 1}\n"));
  REQUIRE_FALSE(broken);
  CHECK(broken.error().find(":submitters:") != std::string::npos);
}

TEST_CASE("the gradebook repeats a group's row for each submitter") {
  auto assignment = parse_assignment(R"({"title": "t", "size": "2x3", "tasks": [{"name": "bfs",
    "kind": "search", "algorithm": "bfs", "points": 4, "tests": [{"start": "1 2 3 4 0 5"}]}]})", ".");
  REQUIRE(assignment);
  GradebookRow row;
  row.student = "s1";
  row.score = 4;
  row.max_score = 4;
  row.task_scores = {4};
  row.status = "graded";
  People people{{"s1", {{"1", "a@x", "A"}, {"2", "b@x", "B, Jr"}}}};
  CHECK(gradebook_csv(*assignment, {row}, &people) ==
        "student,sid,email,name,score,max_score,bfs,status,diagnoses\n"
        "s1,1,a@x,A,4,4,4,graded,\n"
        "s1,2,b@x,\"B, Jr\",4,4,4,graded,\n");
  CHECK(gradebook_csv(*assignment, {row}) ==
        "student,score,max_score,bfs,status,diagnoses\ns1,4,4,4,graded,\n");
}

TEST_CASE("submission_metadata.yml of another shape is an error naming the line and the node") {
  const auto error_of = [](const std::string& text) {
    auto people = parse_gradescope_metadata(text, "meta.yml");
    REQUIRE_FALSE(people);
    return people.error();
  };
  CHECK(error_of("? [a, b]\n: {\":submitters\": []}\n") == "meta.yml:1: a key is not a folder name");
  CHECK(error_of("submission_1: 7\n") == "meta.yml:1: submission_1 is not a map");
  CHECK(error_of("submission_1:\n  :submitters: Ada\n") ==
        "meta.yml:2: submission_1/:submitters is not a list");
  CHECK(error_of("s:\n  :submitters:\n  - :name: [A, B]\n") ==
        "meta.yml:3: s/:submitters/0/:name is not a single value");
  CHECK(error_of("s:\n  :submitters:\n  - Ada\n") == "meta.yml:3: s/:submitters/0 is not a map");
  CHECK(error_of("- a\n- b\n") == "meta.yml:1: the top level is not a map of submission folders");
  // A name with control bytes is shown escaped in the error, never raw.
  CHECK(error_of("\"a\\eb\": 1\n").find("a\\x1Bb is not a map") != std::string::npos);
}

TEST_CASE("aliases copy out at most a bound set by the file's size") {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "..." + std::string.
  std::string text = "s1: {\":submitters\": &L [&x {\":name\": \"";
  text.append(1000, 'A');
  text += "\"}";
  for (int i = 0; i < 99; ++i) text += ", *x";
  text += "]}\n";
  auto small = parse_gradescope_metadata(text + "s2: {\":submitters\": *L}\n", "meta.yml");
  REQUIRE(small);  // a few aliases are what Ruby's YAML writes for repeated objects: accepted
  CHECK(small->at("s2").size() == 100);
  for (int i = 3; i < 400; ++i) {
    text += 's';
    text += std::to_string(i);
    text += ": {\":submitters\": *L}\n";
  }
  auto bomb = parse_gradescope_metadata(text, "meta.yml");
  REQUIRE_FALSE(bomb);
  CHECK(bomb.error().find("expands past the file's size bound") != std::string::npos);
}

TEST_CASE("the gradebook matches people by the raw name and shows every cell escaped") {
  auto assignment = parse_assignment(R"({"title": "t", "size": "2x3", "tasks": [{"name": "bfs",
    "kind": "search", "algorithm": "bfs", "points": 4, "tests": [{"start": "1 2 3 4 0 5"}]}]})", ".");
  REQUIRE(assignment);
  GradebookRow row;
  row.student = "Jos\\xE9";  // as batch shows the name
  row.raw_student = "Jos\xe9";
  row.task_scores = {0};
  row.status = "graded";
  People people{{"Jos\xe9", {{"7", "j@x\x07", "Evil\x1b[2J"}}}};
  CHECK(gradebook_csv(*assignment, {row}, &people) ==
        "student,sid,email,name,score,max_score,bfs,status,diagnoses\n"
        "Jos\\xE9,7,j@x\\x07,Evil\\x1B[2J,0,0,0,graded,\n");
}

TEST_CASE("metadata nested deeper than any export is refused before yaml-cpp recurses into it") {
  const std::string deep = "s: " + std::string(100000, '[');
  auto people = parse_gradescope_metadata(deep, "meta.yml");
  REQUIRE_FALSE(people);
  CHECK(people.error() == "meta.yml: lists or maps nested more than 64 deep: not a submissions export");
  // Brackets inside quotes, and a name with an apostrophe, count for nothing.
  auto quoted = parse_gradescope_metadata(
      "s:\n  :submitters:\n  - :name: O'Brien [[[[\n    :email: \"" + std::string(100, '[') +
          "\"\n",
      "meta.yml");
  REQUIRE(quoted);
  CHECK(quoted->at("s").at(0).name == "O'Brien [[[[");
}
