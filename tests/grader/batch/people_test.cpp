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
