#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "grader/report/class_attempts.h"

using namespace tile;

namespace {

// One attempt: its bfs test named `diagnosis` ("" when it passed), with `status`.
ClassStudent attempt(const char* diagnosis, const char* status = "graded") {
  ClassStudent out;
  out.student = "ana";
  out.status = status;
  const bool passed = std::string(diagnosis).empty();
  out.tests.push_back({"bfs", "a", passed, {}, diagnosis, ""});
  return out;
}

}  // namespace

TEST_CASE("a mistake's span: first and last attempt naming it, and the attempt that fixed it") {
  const std::vector<ClassStudent> attempts{attempt("ties-lifo"), attempt("ties-lifo"),
                                           attempt("ties-lifo"), attempt("")};
  const std::vector<MistakeSpan> spans = mistake_spans(attempts);
  REQUIRE(spans.size() == 1);
  CHECK(spans[0].code == "ties-lifo");
  CHECK(spans[0].first == 1);
  CHECK(spans[0].last == 3);
  CHECK(spans[0].fixed_at == 4);
  CHECK(timeline_lines(spans, 4) ==
        std::vector<std::string>{"bfs: first attempt: ties-lifo; fixed at attempt 4."});
}

TEST_CASE("an attempt that was not graded neither shows nor clears a mistake") {
  const std::vector<ClassStudent> attempts{attempt("ties-lifo"), attempt("", "error"),
                                           attempt("")};
  const std::vector<MistakeSpan> spans = mistake_spans(attempts);
  REQUIRE(spans.size() == 1);
  CHECK(spans[0].fixed_at == 3);
}

TEST_CASE("an attempt that did not run the mistake's task does not fix it") {
  // Attempt 2 defines another function only: its bfs test did not run.
  ClassStudent other_function = attempt("did-not-run");
  other_function.tests.push_back({"dfs", "a", true, {}, "", ""});
  const std::vector<ClassStudent> attempts{attempt("ties-lifo"), other_function, attempt("")};
  const std::vector<MistakeSpan> spans = mistake_spans(attempts);
  REQUIRE(spans.size() == 1);
  CHECK(spans[0].fixed_at == 3);
  CHECK(mistake_spans({attempt("ties-lifo"), other_function})[0].fixed_at == 0);
}

TEST_CASE("a mistake that comes back is fixed only when it is gone at the end; pairs count both") {
  const std::vector<ClassStudent> attempts{attempt(""), attempt("goal-test-on-generate"),
                                           attempt(""),
                                           attempt("goal-test-on-generate+counts-popped")};
  const std::vector<MistakeSpan> spans = mistake_spans(attempts);
  REQUIRE(spans.size() == 2);
  CHECK(spans[0].code == "goal-test-on-generate");
  CHECK(spans[0].first == 2);
  CHECK(spans[0].fixed_at == 0);
  CHECK(spans[1].code == "counts-popped");
  CHECK(timeline_lines(spans, 4)[0] ==
        "bfs: from attempt 2: goal-test-on-generate; not fixed by attempt 4, the last.");
  // "unrecognised" and "error" name no mistake.
  CHECK(mistake_spans({attempt("unrecognised"), attempt("error")}).empty());
}

TEST_CASE("the class: who had each mistake, who fixed it, and the median attempts it took") {
  const std::vector<std::vector<ClassStudent>> students{
      {attempt("ties-lifo"), attempt("")},                                      // 1 to fix
      {attempt("ties-lifo"), attempt("ties-lifo"), attempt("ties-lifo"), attempt("")},  // 3
      {attempt(""), attempt("ties-lifo")},                                      // not fixed
      {attempt("counts-popped")},
  };
  const nlohmann::json summary = attempts_json(students);
  CHECK(summary["students"] == 4);
  CHECK(summary["attempts"] == 9);
  REQUIRE(summary["misconceptions"].size() == 2);
  const nlohmann::json& ties = summary["misconceptions"][0];
  CHECK(ties["code"] == "ties-lifo");
  CHECK(ties["had"] == 3);
  CHECK(ties["fixed"] == 2);
  CHECK(ties["median_attempts_to_fix"] == 2.0);
  CHECK(summary["misconceptions"][1]["median_attempts_to_fix"].is_null());
}
