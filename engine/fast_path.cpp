#include "engine/fast_path.h"

#include "engine/additive_pdb.h"
#include "engine/fast_idastar.h"
#include "engine/semantics_fields.h"

namespace tile {

namespace {

const PdbHeuristic* pdb_heuristic(const SearchSpec& spec) {
  return dynamic_cast<const PdbHeuristic*>(spec.heuristic);
}

SearchStatus search_status(FastIdaStatus status) {
  switch (status) {
    case FastIdaStatus::Solved: return SearchStatus::Solved;
    case FastIdaStatus::NoSolution: return SearchStatus::NoSolution;
    case FastIdaStatus::NodeBudgetExceeded: return SearchStatus::NodeBudgetExceeded;
    case FastIdaStatus::MemoryBudgetExceeded: return SearchStatus::MemoryBudgetExceeded;
    case FastIdaStatus::TimeBudgetExceeded: break;  // never asked for here
  }
  return SearchStatus::NodeBudgetExceeded;
}

}  // namespace

Status check_fast_path(const Problem& problem, const SearchSpec& spec) {
  // Not bad input of a user: a spec the fast solver does not take, for search() to run.
  const auto refused = [](std::string why) { return Error{std::move(why), ErrorKind::BadInput}; };
  if (spec.algorithm != Algorithm::Idastar) return refused("the fast solver only runs idastar");
  const PdbHeuristic* heuristic = pdb_heuristic(spec);
  if (!heuristic) return refused("the fast solver only reads pattern databases");
  if (!(heuristic->pdb()->goal() == problem.goal))
    return refused("the pattern databases are for another goal");
  if (!(problem.start.shape == problem.goal.shape)) {
    return refused("start and goal differ in shape");
  }
  if (spec.record_trace) return refused("the fast solver records no trace");
  // The fast solver is Korf's IDA* as idastar's defaults describe it: each field the table marks
  // fast_path_default_only must keep that default.
  Status checked = success();
  any_semantics_field([&](const auto& field) {
    if (!field.fast_path_default_only) return false;
    const auto korf = resolved_member(field, Semantics{}, Algorithm::Idastar);
    if (spec.semantics.*field.resolved == korf) return false;
    checked = refused("the fast solver runs only " + std::string(field.name) + " " +
                      resolved_text(field, korf));
    return true;
  });
  return checked;
}

SearchResult search_fast_when_possible(const Problem& problem, const SearchSpec& spec) {
  if (!check_fast_path(problem, spec)) return search(problem, spec);
  const ResolvedSemantics& resolved = spec.semantics;
  FastIdaSpec fast;
  fast.action_order = resolved.action_order;
  fast.pdb = pdb_heuristic(spec)->pdb().get();
  fast.counting = FastCounting::Generic;
  fast.count_discovered = true;  // the generic engine reports it; so must we
  fast.max_nodes = spec.limits.max_nodes;
  fast.max_memory_bytes = spec.limits.max_memory_bytes;
  fast.max_iterations = spec.limits.max_iterations;
  auto solved = fast_idastar(problem.start, problem.goal, fast);
  if (!solved) return search(problem, spec);  // cannot happen after the checks above
  SearchResult result;
  result.status = search_status(solved->status);
  result.message = solved->message;
  result.path = std::move(solved->path);
  result.cost = static_cast<std::int64_t>(result.path.size());
  result.counters = solved->counters;
  // A tree search testing the goal on pop, without a depth limit: every pop is a goal test, no
  // goal is found among siblings, and no expansion is at a limit.
  result.counters.goal_tests = result.counters.popped;
  result.counters.built = result.counters.generated;
  result.counters.expanded_below_limit = result.counters.expanded;
  result.iterations = solved->iterations;
  result.semantics = resolved;
  return result;
}

}  // namespace tile
