#include "grader/spec/student_copy.h"

namespace tile {

using nlohmann::json;

Result<StudentCopy> make_student_copy(const json& written, const Assignment& full,
                                      const std::vector<Expectation>& expectations) {
  if (!written.is_object() || !written.contains("tasks") || !written["tasks"].is_array() ||
      written["tasks"].size() != full.tasks.size()) {
    return Error{"the assignment.json given does not match the parsed assignment"};
  }
  StudentCopy copy;
  copy.assignment = written;
  // Tasks without their own list used this one; every task now gets its own, boards written out.
  copy.assignment.erase("tests");
  std::vector<Expectation> kept;
  std::size_t expectation_index = 0;
  for (std::size_t t = 0; t < full.tasks.size(); ++t) {
    const Task& task = full.tasks[t];
    json& entry = copy.assignment["tasks"][t];
    json tests = json::array();
    std::size_t withheld = task.withheld_tests;  // a copy of a copy keeps counting them
    for (const TestCase& test : task.tests) {
      if (expectation_index >= expectations.size()) {
        return Error{"fewer expectations than tests (rerun tilegrade expect)"};
      }
      const Expectation& expected = expectations[expectation_index++];
      if (test.visibility != Visibility::Visible) {
        ++withheld;
        continue;
      }
      json entry_of_test = {{"name", test.name},
                            {"start", format_tiles(test.start)},
                            {"visibility", visibility_name(Visibility::Visible)}};
      // A test's own weights, when it set some, go with it (its task's are in the task entry).
      if (!(test.weights == task.weights)) entry_of_test["weights"] = weights_to_json(test.weights);
      tests.push_back(std::move(entry_of_test));
      kept.push_back(expected);
    }
    entry["tests"] = tests;
    entry.erase("withheld");
    if (withheld > 0) entry["withheld"] = {{"tests", withheld}};
    copy.visible_tests += tests.size();
    copy.withheld_tests += withheld;
  }
  if (expectation_index != expectations.size()) {
    return Error{"more expectations than tests (rerun tilegrade expect)"};
  }
  // The copy must read back as an assignment with exactly the tests kept, in the same order.
  auto reread = parse_assignment(copy.assignment.dump(), full.directory);
  if (!reread) return reread.failure_in("the student copy does not read back: ");
  copy.expected = expectations_to_json(*reread, kept);
  return copy;
}

}  // namespace tile
