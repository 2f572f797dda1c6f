// Exit codes by meaning, shared by every subcommand (README, "Commands").
#pragma once

namespace tile::cli {

inline constexpr int kExitSuccess = 0;      // success, or every test passed
inline constexpr int kExitFailures = 1;     // graded, with failures
inline constexpr int kExitBadInput = 2;     // bad file, spec, board, or a script that does not load
inline constexpr int kExitInternal = 3;     // a bug in tilegrade

}  // namespace tile::cli
