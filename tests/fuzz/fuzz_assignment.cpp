// libFuzzer target: assignment.json as anyone may write it. parse_assignment must answer every
// input with an Assignment or an error value: no crash, no exception, no sanitizer report.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "grader/spec/assignment.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)tile::parse_assignment(std::string(text), "fuzz");
  return 0;
}
