// For the tests of what crosses the pipe: an observation line taken apart into its JSON and its
// tail (line_tail.h), to damage one of them, and put together again as a grading child writes it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "grader/student/line_tail.h"
#include "grader/student/observation.h"

namespace tile::testing {

struct SplitLine {
  nlohmann::json head;
  std::string tail;

  std::string joined() const {
    std::string line = head.dump();
    if (!tail.empty()) line += kTailSeparator + tail;
    return line;
  }
};

inline SplitLine split_line(const std::string& line) {
  const std::size_t separator = line.find(kTailSeparator);
  return {nlohmann::json::parse(line.substr(0, separator)),
          separator == std::string::npos ? std::string() : line.substr(separator + 1)};
}

inline SplitLine split_line(const JobObservation& observation) {
  return split_line(observation_line(observation));
}

}  // namespace tile::testing
