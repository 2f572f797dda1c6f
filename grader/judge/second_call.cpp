#include "grader/judge/second_call.h"

#include "grader/spec/diagnosis_codes.h"

namespace tile {

namespace {

constexpr std::string_view kCode = "state-kept-between-calls";

// An answer as the student returned it: its path and count, or how the call ended.
std::string answer_words(const StudentSearchRun& run) {
  if (run.completed) {
    const std::string path = run.path.empty() ? "an empty path" : "the path " + format_moves(run.path);
    const std::string count =
        run.reported_count ? "the count " + std::to_string(*run.reported_count) : "no count";
    return path + " and " + count;
  }
  if (run.returned_no_path) return "no path (nil)";
  return "an error (" + run.error + ")";
}

}  // namespace

std::optional<std::string> second_answer_difference(const StudentSearchRun& first,
                                                    const StudentSearchRun& again) {
  const bool same = first.completed == again.completed &&
                    first.returned_no_path == again.returned_no_path && first.path == again.path &&
                    first.returned_boards == again.returned_boards &&
                    first.reported_count == again.reported_count &&
                    (first.completed || first.returned_no_path || first.error == again.error);
  if (same) return std::nullopt;
  return answer_words(again) + ", where the first call returned " + answer_words(first);
}

void judge_second_call(const Task& task, const StudentSearchRun& first,
                       const StudentSearchRun& again, TestResult& result) {
  const auto difference = second_answer_difference(first, again);
  CheckLine line{"same-state", "a second call in the same Lua state returns the same answer",
                 !difference, ""};
  if (!difference) {
    result.checks.push_back(std::move(line));
    return;
  }
  const bool named_already = !result.passed && !result.diagnosis.code.empty();
  // Said once: in the check's detail where the first call's mistake keeps the diagnosis, in the
  // diagnosis's sentence otherwise.
  if (named_already) line.detail = "The second call returned " + *difference + ".";
  result.checks.push_back(std::move(line));
  result.passed = false;
  result.score = 0;
  if (named_already) return;
  result.diagnosis = TestDiagnosis{};
  result.diagnosis.code = std::string(kCode);
  result.diagnosis.sentence = fill(diagnosis_code(kCode).sentence,
                                   {{"function", task.function}, {"what", *difference}});
}

}  // namespace tile
