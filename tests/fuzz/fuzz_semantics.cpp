// libFuzzer target: a semantics file (--semantics, an assignment's "semantics" object).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "grader/spec/json_input.h"
#include "grader/spec/semantics_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto object = tile::parse_json_input(
      std::string_view(reinterpret_cast<const char*>(data), size), "semantics.json");
  if (object) (void)tile::semantics_from_json(*object, "semantics.json");
  return 0;
}
