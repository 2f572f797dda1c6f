// The frontier loop's instances (frontier_loop.h), picked by what a search asks for: the files
// that compile them (search_loop*.cpp) call these.
#pragma once

#include "engine/frontier_loop.h"

namespace tile::detail {

// The instance for what the caller records.
template <class Records, class Policy>
LoopOutcome run_recording(const LoopInput& input) {
  if (input.record_trace || input.reference_trace) {
    return input.record_counters ? FrontierLoop<Records, Policy, true, true>(input).run()
                                 : FrontierLoop<Records, Policy, true, false>(input).run();
  }
  return input.record_counters ? FrontierLoop<Records, Policy, false, true>(input).run()
                               : FrontierLoop<Records, Policy, false, false>(input).run();
}

// The instance for the search's duplicate policy, one per policy.
template <class Records>
LoopOutcome run_fixed_rule(const LoopInput& input) {
  switch (input.semantics->duplicates) {
    case Duplicates::OnPush: return run_recording<Records, FixedRule<Duplicates::OnPush>>(input);
    case Duplicates::ClosedOnPop:
      return run_recording<Records, FixedRule<Duplicates::ClosedOnPop>>(input);
    case Duplicates::VisitedOnPop:
      return run_recording<Records, FixedRule<Duplicates::VisitedOnPop>>(input);
    case Duplicates::ReopenIfCheaper:
      return run_recording<Records, FixedRule<Duplicates::ReopenIfCheaper>>(input);
    case Duplicates::None: return run_recording<Records, FixedRule<Duplicates::None>>(input);
    case Duplicates::ReplaceIfCheaper:
      return run_recording<Records, FixedRule<Duplicates::ReplaceIfCheaper>>(input);
    case Duplicates::ClosedOnExpand:
      return run_recording<Records, FixedRule<Duplicates::ClosedOnExpand>>(input);
  }
  return run_recording<Records, RuleAtRunTime>(input);
}

}  // namespace tile::detail
