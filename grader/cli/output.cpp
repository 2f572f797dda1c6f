#include "grader/cli/output.h"

#include <iostream>

namespace tile::cli {

std::string dump_json(const nlohmann::json& document) {
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

int Output::fail(int exit_code, std::string_view message) const {
  if (json_) {
    std::cout << dump_json(nlohmann::json{{"error", std::string(message)}}) << "\n";
  } else {
    std::cerr << command_ << ": " << message << "\n";
  }
  return exit_code;
}

void Output::print(const nlohmann::json& document) const {
  std::cout << dump_json(document) << "\n";
}

void Output::note(std::string_view message) const {
  std::cerr << command_ << ": " << message << "\n";
}

}  // namespace tile::cli
