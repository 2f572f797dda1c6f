// How every subcommand speaks, so that the CLI contract holds for all of them: results on stdout;
// a failure is one line on stderr ("tilegrade grade: reason"), or with --json one document
// {"error": "reason"} on stdout, and the exit code says what kind of failure it was (exit_codes.h).
// JSON is always written with invalid UTF-8 replaced, so no byte a file name, a board or a script
// can carry ever turns an answer into an internal error.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tile::cli {

// One JSON document, indented, invalid UTF-8 replaced by U+FFFD.
std::string dump_json(const nlohmann::json& document);

class Output {
 public:
  Output(std::string command, bool json) : command_(std::move(command)), json_(json) {}

  bool json() const { return json_; }
  // Reports a failure the way the caller asked for, and returns `exit_code` for `return`.
  int fail(int exit_code, std::string_view message) const;
  // A JSON result on stdout (callers print text results themselves).
  void print(const nlohmann::json& document) const;
  // A line for the person at the terminal, on stderr, whatever the format: warnings, progress.
  void note(std::string_view message) const;

 private:
  std::string command_;  // "tilegrade grade"
  bool json_;
};

}  // namespace tile::cli
