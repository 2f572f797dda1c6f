// How every subcommand speaks, so that the CLI contract holds for all of them: results on stdout;
// a failure is one line on stderr ("tilegrade grade: reason"), or with --json one document
// {"error": "reason"} on stdout, and the exit code is the one its kind means (exit_codes.h), chosen
// in one place: Output::fail, which main calls once for the Error a subcommand returns.
// JSON is always written with invalid UTF-8 replaced, so no byte a file name, a board or a script
// can carry ever turns an answer into an internal error. Every line for the terminal is escaped
// the way reports are, so a file name holding ESC cannot recolour or rewrite the screen.
#pragma once

#include <streambuf>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/checked_output.h"
#include "engine/result.h"

namespace tile::cli {

// One JSON document, indented, invalid UTF-8 replaced by U+FFFD.
std::string dump_json(const nlohmann::json& document);

class Output {
 public:
  Output(std::string command, bool json) : command_(std::move(command)), json_(json) {}

  bool json() const { return json_; }
  // Reports a failure the way the caller asked for, and returns the exit code its kind means
  // (exit_code_for): the one place an error becomes an exit code. An error with no message was
  // said already, in the command's own document (batch --json's "internal_errors"): only its code.
  int fail(const Error& error) const;
  // A failure line, said the way fail says it, for a run that ends with a verdict rather than an
  // error (solve: a heuristic script that stopped its process is a search stopped, exit 1).
  void say_failure(std::string_view message) const;
  // A JSON result on stdout (callers print text results themselves).
  void print(const nlohmann::json& document) const;
  // A line for the person at the terminal, on stderr, whatever the format: warnings, progress.
  void note(std::string_view message) const;

 private:
  std::string command_;  // "tilegrade grade"
  bool json_;
};

// Creates FOLDER (and its parents) for a command's output. A folder that cannot be made (no
// permission, a full disk, a file where a parent folder must be) is an output that cannot be
// written: ErrorKind::Io, exit 3 as for any other write, with one line naming `what` ("--out", or
// the folder) and why. FOLDER itself naming a file is the option to change: bad input.
Status make_output_folder(const std::string& folder, std::string_view what);

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
// returns the code for an output that cannot be written (ErrorKind::Io). Otherwise `exit_code`.
// `sync`: whether to fsync stdout when it is a file; false in a confined child, which may not call
// fsync (grader/sandbox/confinement.cpp), and whose parent syncs the same file when it finishes.
int finish_stdout(std::string_view command, int exit_code, bool sync = true);

}  // namespace tile::cli
