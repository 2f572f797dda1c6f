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

TEST_CASE("an alias reads as the node its anchor names, wherever it stands") {
  auto people = parse_gradescope_metadata(
      "s1: &f {\":submitters\": [&p {\":name\": A, \":sid\": '1'}], \":score\": &big [1, [2, 3]]}\n"
      "s2: *f\n"
      "s3: {\":junk\": *big, \":submitters\": [*p, {\":name\": B, \":email\": *big}]}\n",
      "meta.yml");
  REQUIRE_FALSE(people);  // s3's second submitter has a list for an email, written on line 1
  CHECK(people.error() == "meta.yml:1: s3/:submitters/1/:email is not a single value");
  people = parse_gradescope_metadata(
      "s1: &f {\":submitters\": [&p {\":name\": A, \":sid\": '1'}], \":score\": &big [1, [2, 3]]}\n"
      "s2: *f\n"
      "s3: {\":junk\": *big, \":submitters\": [*p, {\":name\": B}], \":submitters\": 7}\n"
      "&k s4: {\":submitters\": []}\n"
      "*k : {\":submitters\": [{\":name\": C}]}\n",
      "meta.yml");
  REQUIRE(people);
  CHECK(people->at("s2").size() == 1);
  CHECK(people->at("s2")[0].name == "A");
  CHECK(people->at("s2")[0].sid == "1");
  REQUIRE(people->at("s3").size() == 2);  // the first :submitters counts
  CHECK(people->at("s3")[0].name == "A");
  CHECK(people->at("s3")[1].name == "B");
  REQUIRE(people->at("s4").size() == 1);  // a repeated folder adds its submitters
  CHECK(people->at("s4")[0].name == "C");
}

TEST_CASE("a YAML error anywhere in the document wins over a wrong shape before it") {
  auto people = parse_gradescope_metadata("s1: 7\ns2: [unclosed\n", "meta.yml");
  REQUIRE_FALSE(people);
  CHECK(people.error().rfind("meta.yml: not valid YAML: ", 0) == 0);
  auto empty = parse_gradescope_metadata("", "meta.yml");
  REQUIRE_FALSE(empty);
  CHECK(empty.error() == "meta.yml:0: the top level is not a map of submission folders");
}

TEST_CASE("an alias inside its own anchor's node, where it must be read, is refused") {
  auto people = parse_gradescope_metadata("s1: &m {\":submitters\": [*m]}\n", "meta.yml");
  REQUIRE_FALSE(people);
  CHECK(people.error() == "meta.yml:1: s1/:submitters/0 repeats a node that contains it");
  // Where only its kind matters, it is that kind: a list is not a submitter.
  people = parse_gradescope_metadata("s1: {\":submitters\": &l [*l]}\n", "meta.yml");
  REQUIRE_FALSE(people);
  CHECK(people.error() == "meta.yml:1: s1/:submitters/0 is not a map");
}

TEST_CASE("a wide anchor replayed many times is refused as an alias bomb is") {
  // No submitter is copied: each replay walks the anchor's 2,000 keys. Walking them for 2,000
  // folders would cost as much as a file thousands of times larger.
  std::string text = "s0: &m {\":submitters\": []";
  for (int i = 0; i < 2000; ++i) {
    text += ", k";  // appended piece by piece: GCC 12's -Wrestrict false positive, as above
    text += std::to_string(i);
    text += ": 1";
  }
  text += "}\n";
  for (int i = 1; i < 2000; ++i) {
    text += 's';
    text += std::to_string(i);
    text += ": *m\n";
  }
  auto people = parse_gradescope_metadata(text, "meta.yml");
  REQUIRE_FALSE(people);
  CHECK(people.error().find("expands past the file's size bound") != std::string::npos);
  CHECK(people.error().find(": s") != std::string::npos);  // names the folder where it expands
}
