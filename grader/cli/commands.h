// One function per subcommand. Each returns the process exit code by meaning (see exit_codes.h);
// main.cpp only parses arguments and routes.
#pragma once

#include <optional>
#include <string>

namespace tile::cli {

struct SolveOptions {
  std::string size;
  std::string start;
  std::string goal = "blank-last";
  std::string algorithm;
  std::optional<std::string> heuristic;  // a built-in name or a .lua file
  std::optional<std::string> semantics_file;
  std::optional<std::string> weight;
  std::optional<unsigned long long> max_nodes;
  bool trace = false;
  bool json = false;
};
int run_solve(const SolveOptions& options);

}  // namespace tile::cli
