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
  // An instructor's Lua heuristic is part of the assignment as much as assignment.json is (and
  // an assignment without one keeps the digest it had).
  std::string scripts;
  for (const Task& task : assignment.tasks) {
    if (!task.heuristic_script.empty()) scripts += "\n" + task.heuristic_script;
  }
  return content_hash((spec ? *spec : std::string("(unreadable)")) + "\n" + expected + scripts);
}

}  // namespace tile
