// The exact-distance oracle the grader asks when it checks a heuristic's admissibility: "how many
// moves does this board really need?"
//
// Boards of up to max_table_cells cells (default 10: 2x3, 2x4, 3x3, 2x5) are answered from the
// complete table, built once per goal in milliseconds (8-puzzle) to a fraction of a second (2x5).
// Larger boards are solved optimally by the fast IDA* with additive pattern databases (loaded from
// the cache folder, built there when missing), or with the Manhattan distance when the partition
// is "none". Solving can take long (random 24-puzzle boards take hours), so each question carries a
// time budget; when it runs out the answer says so and gives the best lower bound proved so far.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "engine/additive_pdb.h"
#include "engine/board.h"
#include "engine/exact_table.h"
#include "engine/result.h"

namespace tile {

struct OracleOptions {
  int max_table_cells = ExactTable::kMaxCells;  // complete table up to this many cells
  std::string partition = "default";  // pattern databases above that size; "none": Manhattan only
  bool mirror = true;
  PdbCache cache;  // where the pattern databases live (default folder when dir is empty)
};

enum class OracleStatus {
  Exact,           // distance is the true number of moves
  BudgetExceeded,  // the time ran out; lower_bound moves are certainly needed
  Unreachable,     // the board cannot reach the goal (other parity class)
  Invalid,         // the board is not a board of the goal's shape
};
std::string_view oracle_status_name(OracleStatus status);  // "exact", "budget-exceeded", ...

struct OracleAnswer {
  OracleStatus status = OracleStatus::Invalid;
  int distance = -1;        // when exact
  int lower_bound = 0;      // exact: the distance; budget exceeded: proven lower bound
  std::uint64_t nodes = 0;  // solver nodes (Korf's count); 0 for a table lookup
  double seconds = 0;
  std::string message;  // for anything but exact
  bool exact() const { return status == OracleStatus::Exact; }
};

class DistanceOracle {
 public:
  // Builds the complete table, or opens (and if needed builds) the pattern databases.
  static Result<DistanceOracle> for_goal(const Board& goal, const OracleOptions& options = {});

  // seconds_budget <= 0 means no limit (only sensible for tables and easy boards).
  OracleAnswer distance(const Board& state, double seconds_budget) const;

  const Board& goal() const { return goal_; }
  // The complete table when the board is small enough, else nullptr: the cheap way to get every
  // distance at once (e.g. to test admissibility on all 181,440 8-puzzle states).
  const ExactTable* table() const { return table_.get(); }
  const AdditivePdb* pattern_databases() const { return pdb_.get(); }
  std::string method() const;  // "complete table of 181440 states", "IDA* with pdb 6-6-3, mirrored"

 private:
  Board goal_;
  std::shared_ptr<const ExactTable> table_;
  std::shared_ptr<const AdditivePdb> pdb_;
};

}  // namespace tile
