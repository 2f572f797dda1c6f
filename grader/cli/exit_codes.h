// Exit codes by meaning, shared by every subcommand (docs/cli.md).
#pragma once

#include "engine/result.h"

namespace tile::cli {

inline constexpr int kExitSuccess = 0;      // success, or every test passed
inline constexpr int kExitFailures = 1;     // graded, with failures
inline constexpr int kExitBadInput = 2;     // bad file, spec, board, or a script that does not load
inline constexpr int kExitInternal = 3;     // a bug in tilegrade, or an output not written

// The exit code an error's kind means: by its kind, never by its words. Called where a process
// ends with an error (Output::fail, which main calls once per run; finish_stdout), never by a
// subcommand choosing its own code.
constexpr int exit_code_for(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::BadInput: return kExitBadInput;
    case ErrorKind::Io:
    case ErrorKind::Internal: return kExitInternal;
  }
  return kExitInternal;
}

}  // namespace tile::cli
