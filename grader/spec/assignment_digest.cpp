#include "grader/spec/assignment_digest.h"

#include <fmt/core.h>

#include "engine/files.h"
#include "engine/fnv1a.h"

namespace tile {

std::string content_hash(std::string_view bytes) {
  Fnv1a hash;
  hash.add(bytes);
  return fmt::format("{:016x}", hash.value());
}

std::string assignment_digest(const Assignment& assignment,
                              const std::vector<Expectation>& expectations) {
  auto spec = read_file(assignment.directory + "/assignment.json");
  const std::string expected =
      expectations_to_json(assignment, expectations)
          .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return content_hash((spec ? *spec : std::string("(unreadable)")) + "\n" + expected);
}

}  // namespace tile
