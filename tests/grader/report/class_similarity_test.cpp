#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "grader/report/class_report.h"
#include "grader/report/class_similarity.h"

using namespace tile;

namespace {

ClassTest failed(const char* test, const char* diagnosis, const char* trace,
                 std::optional<std::int64_t> count = std::nullopt) {
  ClassTest out{"bfs", test, false, {"count", "order"}, diagnosis, ""};
  out.trace = trace;
  out.count = count;
  return out;
}

ClassTest passed(const char* test) { return {"bfs", test, true, {}, "", ""}; }

ClassStudent graded(const std::string& name, std::vector<ClassTest> tests) {
  ClassStudent student;
  student.student = name;
  student.report = "reports/" + name + ".html";
  student.status = "graded";
  student.max_score = 10;
  student.tests = std::move(tests);
  return student;
}

// "s3": built by appending, as GCC 12 warns (-Wrestrict) of a false overlap in "s" + to_string.
std::string numbered(const char* prefix, int number) {
  std::string out = prefix;
  out.append(std::to_string(number));
  return out;
}

// `count` students who pass everything.
void add_passing(std::vector<ClassStudent>& students, int count) {
  for (int i = 0; i < count; ++i) {
    students.push_back(graded(numbered("pass", i), {passed("a"), passed("b")}));
  }
}

std::vector<std::vector<std::string>> group_names(const nlohmann::json& similarity) {
  std::vector<std::vector<std::string>> out;
  for (const auto& group : similarity["groups"]) {
    out.push_back(group["students"].get<std::vector<std::string>>());
  }
  return out;
}

}  // namespace

TEST_CASE("two students with the same rare unexplained trace are grouped, with the evidence") {
  std::vector<ClassStudent> students;
  students.push_back(graded("ann", {failed("a", "unrecognised", "00000000000000aa:41"),
                                    passed("b")}));
  students.push_back(graded("bob", {failed("a", "unrecognised", "00000000000000aa:41"),
                                    passed("b")}));
  students.push_back(graded("cat", {failed("a", "unrecognised", "00000000000000bb:41"),
                                    passed("b")}));
  add_passing(students, 5);
  const nlohmann::json similarity = similarity_json(students);
  REQUIRE(group_names(similarity) == std::vector<std::vector<std::string>>{{"ann", "bob"}});
  const nlohmann::json& evidence = similarity["groups"][0]["evidence"];
  REQUIRE(evidence.size() == 1);
  CHECK(evidence[0]["kind"] == "trace");
  CHECK(evidence[0]["expanded"] == 41);
  CHECK(evidence[0]["sentence"] ==
        "2 of 8 students expand the same 41 boards in the same order on test 'bfs: a' and fail "
        "it, which no other student does.");
  CHECK(similarity["groups"][0]["reports"][1] == "reports/bob.html");
  CHECK(similarity["note"].get<std::string>().find("never a verdict or a penalty") !=
        std::string::npos);
}

TEST_CASE("a named mistake never groups students, however few make it") {
  std::vector<ClassStudent> students;
  for (const char* name : {"ann", "bob"}) {
    students.push_back(graded(name, {failed("a", "goal-test-on-generate", "00000000000000cc:9",
                                            12),
                                     failed("b", "goal-test-on-generate", "00000000000000dd:7",
                                            13)}));
  }
  add_passing(students, 5);
  CHECK(similarity_json(students)["groups"].empty());
}

TEST_CASE("a behaviour shared by more than the rare limit is common, not evidence") {
  std::vector<ClassStudent> students;
  for (int i = 0; i < 3; ++i) {
    students.push_back(graded(numbered("s", i),
                              {failed("a", "unrecognised", "00000000000000ee:5"), passed("b")}));
  }
  add_passing(students, 20);
  REQUIRE(rare_limit(23) == 2);
  CHECK(similarity_json(students)["groups"].empty());
  // In a class of 60, three in twenty is rare enough.
  add_passing(students, 37);
  REQUIRE(rare_limit(60) == 3);
  CHECK(group_names(similarity_json(students)) ==
        std::vector<std::vector<std::string>>{{"s0", "s1", "s2"}});
}

TEST_CASE("the same wrong count on three tests links students; on two it does not") {
  const auto student = [](const std::string& name, int tests) {
    std::vector<ClassTest> out;
    for (int i = 0; i < tests; ++i) {
      const std::string test = numbered("t", i);
      out.push_back(failed(test.c_str(), "", "", 100 + i));
      out.back().test = test;
    }
    return graded(name, out);
  };
  std::vector<ClassStudent> two{student("ann", 2), student("bob", 2)};
  add_passing(two, 5);
  CHECK(similarity_json(two)["groups"].empty());
  std::vector<ClassStudent> three{student("ann", 3), student("bob", 3)};
  add_passing(three, 5);
  const nlohmann::json similarity = similarity_json(three);
  REQUIRE(group_names(similarity) == std::vector<std::vector<std::string>>{{"ann", "bob"}});
  const nlohmann::json& item = similarity["groups"][0]["evidence"][0];
  CHECK(item["kind"] == "counts");
  CHECK(item["tests"].size() == 3);
  CHECK(item["sentence"] ==
        "2 of 7 students return the same wrong count on 3 tests ('bfs: t0': 100, 'bfs: t1': 101, "
        "'bfs: t2': 102), which no other student does.");
}

TEST_CASE("an unusual pair of mistakes is evidence; ungraded students are never grouped") {
  std::vector<ClassStudent> students;
  for (const char* name : {"ann", "bob"}) {
    students.push_back(graded(name, {failed("a", "goal-test-on-generate+counts-popped", ""),
                                     passed("b")}));
  }
  ClassStudent stuck = graded("cat", {failed("a", "goal-test-on-generate+counts-popped", "")});
  stuck.status = "error";
  students.push_back(stuck);
  add_passing(students, 5);
  const nlohmann::json similarity = similarity_json(students);
  REQUIRE(group_names(similarity) == std::vector<std::vector<std::string>>{{"ann", "bob"}});
  CHECK(similarity["groups"][0]["evidence"][0]["sentence"] ==
        "2 of 7 students are named the same two mistakes together in task 'bfs', "
        "goal-test-on-generate and counts-popped, which no other student is.");
}

TEST_CASE("a group is students who share evidence with each other, never through a third") {
  std::vector<ClassStudent> students;
  students.push_back(graded("ann", {failed("a", "", "0000000000000001:3"), passed("b")}));
  students.push_back(graded("bob", {failed("a", "", "0000000000000001:3"),
                                    failed("b", "", "0000000000000002:4")}));
  students.push_back(graded("cat", {passed("a"), failed("b", "", "0000000000000002:4")}));
  students.push_back(graded("dan", {failed("a", "", "0000000000000003:8"),
                                    failed("b", "", "0000000000000004:8")}));
  students.push_back(graded("eve", {failed("a", "", "0000000000000003:8"),
                                    failed("b", "", "0000000000000004:8")}));
  students.push_back(graded("fay", {failed("a", "", "0000000000000005:8"), passed("b")}));
  students.push_back(graded("gus", {failed("a", "", "0000000000000005:8"), passed("b")}));
  add_passing(students, 3);
  const nlohmann::json similarity = similarity_json(students);
  // bob shares test a with ann and test b with cat; ann and cat share nothing: two groups, and
  // each item names who shares it.
  CHECK(group_names(similarity) ==
        std::vector<std::vector<std::string>>{
            {"dan", "eve"}, {"ann", "bob"}, {"bob", "cat"}, {"fay", "gus"}});
  CHECK(similarity["groups"][0]["evidence"].size() == 2);
  for (const auto& group : similarity["groups"]) {
    for (const auto& item : group["evidence"]) CHECK(item["students"] == group["students"]);
  }
  CHECK(similarity["groups"][2]["evidence"][0]["test"] == "b");
}
