#include "grader/cli/output.h"

#include <iostream>

namespace tile::cli {

std::string dump_json(const nlohmann::json& document) {
  return document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {

// A message may quote what it was given (a file name, a board, a value): however large that was,
// the message stays readable. Cut on a character boundary; the JSON writer replaces bad bytes.
constexpr std::size_t kMaxMessageBytes = 2000;

std::string bounded(std::string_view message) {
  if (message.size() <= kMaxMessageBytes) return std::string(message);
  std::size_t cut = kMaxMessageBytes;
  while (cut > 0 && (static_cast<unsigned char>(message[cut]) & 0xC0) == 0x80) --cut;
  return std::string(message.substr(0, cut)) + "... (" + std::to_string(message.size()) +
         " bytes in all)";
}

}  // namespace

int Output::fail(int exit_code, std::string_view message) const {
  if (json_) {
    std::cout << dump_json(nlohmann::json{{"error", bounded(message)}}) << "\n";
  } else {
    std::cerr << command_ << ": " << bounded(message) << "\n";
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
