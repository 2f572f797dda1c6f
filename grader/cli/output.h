// How every subcommand speaks, so that the CLI contract holds for all of them: results on stdout;
// a failure is one line on stderr ("tilegrade grade: reason"), or with --json one document
// {"error": "reason"} on stdout, and the exit code says what kind of failure it was (exit_codes.h).
// JSON is always written with invalid UTF-8 replaced, so no byte a file name, a board or a script
// can carry ever turns an answer into an internal error. Every line for the terminal is escaped
// the way reports are, so a file name holding ESC cannot recolour or rewrite the screen.
#pragma once

#include <streambuf>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/checked_output.h"

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

// While one of these lives (main's whole run), std::cout writes through a CheckedOutputBuffer, so
// the end of the command knows whether every byte it printed got out, and if not, why.
class CheckedStdout {
 public:
  CheckedStdout();
  ~CheckedStdout();  // gives std::cout its own buffer back
  CheckedStdout(const CheckedStdout&) = delete;
  CheckedStdout& operator=(const CheckedStdout&) = delete;

 private:
  CheckedOutputBuffer buffer_;
  std::streambuf* previous_;
};

// Where every command ends (main, and solve's child, which prints its own answer): flushes
// standard output, and when a write to it failed (a full disk, an I/O error), says so in one line
// on stderr ("tilegrade grade: cannot write standard output: No space left on device") and
// returns kExitInternal, the code for an output that cannot be written. Otherwise `exit_code`.
// `sync`: whether to fsync stdout when it is a file; false in a confined child, which may not call
// fsync (grader/sandbox/confinement.cpp), and whose parent syncs the same file when it finishes.
int finish_stdout(std::string_view command, int exit_code, bool sync = true);

}  // namespace tile::cli
