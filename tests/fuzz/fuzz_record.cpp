// libFuzzer target: a batch record (OUT/records/STUDENT.json) as a resumed batch reads it: anything
// on disk may be damaged or edited, and must only ever mean "not reusable".
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "grader/batch/gradebook.h"
#include "grader/spec/json_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto record = tile::parse_json_input(
      std::string_view(reinterpret_cast<const char*>(data), size), "record");
  if (!record || !record->is_object() || !record->contains("row")) return 0;
  auto row = tile::row_from_json((*record)["row"], 3);
  if (row) (void)tile::row_to_json(*row).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return 0;
}
