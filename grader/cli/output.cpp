#include "grader/cli/output.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "grader/cli/exit_codes.h"
#include "grader/spec/text.h"

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

// A message as one safe line: control characters (ESC, CR, a line break), bidi controls and bytes
// that are not UTF-8 escaped as reports escape them (escaped_text). A backslash stays itself, so
// a message that already quotes an escaped name ("\xFF") is not escaped a second time.
std::string safe_line(std::string_view message) {
  std::string line;
  std::size_t from = 0;
  while (true) {
    const std::size_t backslash = message.find('\\', from);
    line += escaped_text(message.substr(from, backslash - from));
    if (backslash == std::string_view::npos) return line;
    line += '\\';
    from = backslash + 1;
  }
}

}  // namespace

int Output::fail(const Error& error) const {
  if (!error.message.empty()) say_failure(error.message);
  return exit_code_for(error.kind);
}

void Output::say_failure(std::string_view message) const {
  const std::string line = safe_line(bounded(message));
  if (json_) {
    std::cout << dump_json(nlohmann::json{{"error", line}}) << "\n";
  } else {
    std::cerr << command_ << ": " << line << "\n";
  }
}

void Output::print(const nlohmann::json& document) const {
  std::cout << dump_json(document) << "\n";
}

void Output::note(std::string_view message) const {
  std::cerr << command_ << ": " << safe_line(message) << "\n";
}

Status make_output_folder(const std::string& folder, std::string_view what) {
  const std::string named = what == folder ? escaped_text(folder)
                                           : std::string(what) + " " + escaped_text(folder);
  std::error_code error;
  const auto status = std::filesystem::status(folder, error);
  if (std::filesystem::exists(status) && !std::filesystem::is_directory(status)) {
    return Error{"cannot use " + named + " as the output folder: it is a file"};  // BadInput
  }
  std::filesystem::create_directories(folder, error);
  if (!error && std::filesystem::is_directory(folder, error)) return success();
  return Error{"cannot write " + named + ": " +
                   (error ? error.message() : std::string("it is not a folder")),
               ErrorKind::Io};
}

CheckedStdout::CheckedStdout()
    : buffer_(STDOUT_FILENO), previous_(std::cout.rdbuf(&buffer_)) {}

CheckedStdout::~CheckedStdout() {
  std::cout.flush();
  std::cout.rdbuf(previous_);
}

int finish_stdout(std::string_view command, int exit_code, bool sync) {
  std::cout.flush();
  int error = 0;
  if (const auto* checked = dynamic_cast<const CheckedOutputBuffer*>(std::cout.rdbuf())) {
    error = checked->first_error();
  }
  // What a library may have printed through C's stdio is checked too; C keeps no reason for a
  // write that failed before this flush, hence EIO then.
  errno = 0;
  if (error == 0 && (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout)) {
    error = errno != 0 ? errno : EIO;
  }
  // Into a file, the bytes must reach it: some file systems (NFS, a full quota) report a lack of
  // room only then. A terminal or a pipe has nothing to sync.
  struct stat info {};
  if (sync && error == 0 && fstat(STDOUT_FILENO, &info) == 0 && S_ISREG(info.st_mode) &&
      fsync(STDOUT_FILENO) != 0) {
    error = errno;
  }
  if (error == 0) return exit_code;
  std::cerr << command << ": cannot write standard output: " << std::strerror(error) << "\n";
  return exit_code_for(ErrorKind::Io);
}

}  // namespace tile::cli
