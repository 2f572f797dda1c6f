// libFuzzer target: a roster CSV as `batch --roster` reads it (quoting, BOMs, ragged rows, odd
// bytes), then joined into a gradebook as batch does: People or a one-line error, never a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "grader/batch/gradebook.h"
#include "grader/batch/people.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto people = tile::parse_roster_csv(text, "roster.csv");
  if (!people) {
    if (people.error().empty()) __builtin_trap();
    return 0;
  }
  tile::Assignment assignment;
  std::vector<tile::GradebookRow> rows;
  for (const auto& entry : *people) {
    tile::GradebookRow row;
    row.student = entry.first;
    row.raw_student = entry.first;
    row.status = "no-submission";
    rows.push_back(row);
    if (rows.size() > 64) break;
  }
  (void)tile::gradebook_csv(assignment, rows, &*people);
  return 0;
}
