// libFuzzer target: expected.json against the bundled classic-8puzzle assignment. Parsing and the
// comparison with the engine's expectations must end in a document, a difference or an error.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"
#include "grader/spec/json_input.h"

namespace {

struct Reference {
  tile::Assignment assignment;
  std::vector<tile::Expectation> expectations;
};

const Reference& reference() {
  static const Reference made = [] {
    auto assignment = tile::load_assignment(TILEGRADE_SOURCE_DIR "/assignments/classic-8puzzle");
    if (!assignment) std::abort();
    auto expectations = tile::compute_all_expectations(*assignment);
    if (!expectations) std::abort();
    return Reference{*assignment, *expectations};
  }();
  return made;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Reference& ref = reference();
  auto stored = tile::parse_json_input(
      std::string_view(reinterpret_cast<const char*>(data), size), "expected.json");
  if (stored) (void)tile::compare_with_stored(*stored, ref.assignment, ref.expectations);
  return 0;
}
