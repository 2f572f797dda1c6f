#include "engine/oracle.h"

#include <chrono>

#include "engine/fast_idastar.h"

namespace tile {

std::string_view oracle_status_name(OracleStatus status) {
  switch (status) {
    case OracleStatus::Exact: return "exact";
    case OracleStatus::BudgetExceeded: return "budget-exceeded";
    case OracleStatus::Unreachable: return "unreachable";
    case OracleStatus::Invalid: return "invalid";
  }
  return "?";
}

Result<DistanceOracle> DistanceOracle::for_goal(const Board& goal, const OracleOptions& options) {
  DistanceOracle oracle;
  oracle.goal_ = goal;
  if (goal.cells() <= options.max_table_cells && goal.cells() <= ExactTable::kMaxCells) {
    auto table = ExactTable::build(goal);
    if (!table) return table.failure();
    oracle.table_ = std::make_shared<const ExactTable>(std::move(*table));
    return oracle;
  }
  if (options.partition != "none") {
    PdbOptions pdb_options;
    pdb_options.partition = options.partition;
    pdb_options.mirror = options.mirror;
    pdb_options.cache = options.cache;
    auto pdb = AdditivePdb::open(goal, pdb_options);
    if (!pdb) return pdb.failure_in("distance oracle: ");
    oracle.pdb_ = std::move(*pdb);
  }
  return oracle;
}

OracleAnswer DistanceOracle::distance(const Board& state, double seconds_budget) const {
  OracleAnswer answer;
  if (!(state.shape == goal_.shape)) {
    answer.status = OracleStatus::Invalid;
    answer.message =
        "board is " + format_shape(state.shape) + " but the goal is " + format_shape(goal_.shape);
    return answer;
  }
  if (auto reachable = check_reachable(state, goal_); !reachable) {
    answer.status = OracleStatus::Unreachable;
    answer.message = reachable.error();
    return answer;
  }
  if (table_) {
    answer.status = OracleStatus::Exact;
    answer.distance = answer.lower_bound = table_->distance(state);
    return answer;
  }
  FastIdaSpec spec;
  spec.pdb = pdb_.get();
  spec.seconds_budget = seconds_budget > 0 ? seconds_budget : 0;
  spec.max_iterations = 1 << 20;  // the time budget is the limit that matters
  auto solved = fast_idastar(state, goal_, spec);
  if (!solved) {
    answer.status = OracleStatus::Invalid;
    answer.message = solved.error();
    return answer;
  }
  answer.nodes = solved->korf_generated;
  answer.seconds = solved->seconds;
  if (solved->status == FastIdaStatus::Solved) {
    answer.status = OracleStatus::Exact;
    answer.distance = answer.lower_bound = static_cast<int>(solved->path.size());
    return answer;
  }
  answer.status = OracleStatus::BudgetExceeded;
  answer.lower_bound = static_cast<int>(solved->bound);
  answer.message =
      solved->message.empty() ? std::string(fast_status_name(solved->status)) : solved->message;
  return answer;
}

std::string DistanceOracle::method() const {
  if (table_) {
    return "complete table of " + std::to_string(table_->reachable_states()) + " states";
  }
  if (pdb_) return "IDA* with pattern databases " + pdb_->describe();
  return "IDA* with the Manhattan distance";
}

}  // namespace tile
