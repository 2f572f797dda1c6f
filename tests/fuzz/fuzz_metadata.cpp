// libFuzzer target: a Gradescope export's submission_metadata.yml as `batch` reads it. Any shape
// or alias structure must end in People or a one-line error, never an exception, a crash or an
// expansion past the file's bound (-rss_limit_mb in run.sh catches that).
#include <cstddef>
#include <cstdint>
#include <string>

#include "grader/batch/people.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto people = tile::parse_gradescope_metadata(text, "submission_metadata.yml");
  if (!people && people.error().empty()) __builtin_trap();  // every refusal says why
  return 0;
}
