// Every duplicate policy as one rule on the state record (state_records.h), all in one table: what
// a pop reads and writes in the popped state's record, and which children the record keeps off
// the frontier. The search loop (search_loop.cpp) asks the rule and never names a policy, so a new
// policy is one more row here (and its differential test against the model in tests/engine/).
#pragma once

#include "engine/semantics.h"
#include "engine/state_records.h"

namespace tile::detail {

struct DuplicateRule {
  // Pushing: a child whose state's status is at least `blocks_from` is not pushed (when `blocks`),
  // unless `admits_cheaper` and its g is below that of the node its record names.
  bool blocks = true;
  StateStatus blocks_from = StateStatus::Open;
  bool admits_cheaper = false;
  // A child of lower priority than its state's Open node replaces it on the frontier; one of
  // equal or higher priority is dropped.
  bool replaces_open = false;
  // Popping: whether the popped state's record is read at all; if so, a pop may stand for the
  // record's node instead (the best g known), be skipped when Closed, and close its state after
  // the goal test.
  bool reads_record_on_pop = false;
  bool expands_record_node = false;
  bool skips_closed_pop = false;
  bool closes_on_pop = false;
  // Closes the state when it is expanded instead: after the depth-limit cut-off, so a node cut
  // off there leaves its state open.
  bool closes_on_expand = false;
  // Whether a push marks its state Open: only for rules that read Open (or the node it names);
  // the others leave a state they never asked about without a record, which keeps the table to
  // the states they close (and those counted as discovered).
  bool marks_pushed = false;
  // Whether the start is marked as any push is (start_marked yes), or only once a child reaches it.
  bool marks_start = true;
  // parent_link last: a path follows each state's last pushed node (the record's node, set by
  // every push) instead of each node's own parent.
  bool links_last = false;
  // Whether the record's node is read (so the dense layout keeps a node column).
  bool keeps_node = false;
};

// The rule of a policy, with the semantics that qualify it: start_marked no leaves the start
// unmarked (on-push); parent_link last needs each state's last pushed node (not in tree search).
constexpr DuplicateRule base_rule(Duplicates policy) {
  using S = StateStatus;
  switch (policy) {
    case Duplicates::OnPush:  // marked when first pushed; every pop expands
      return {.blocks = true, .blocks_from = S::Open, .marks_pushed = true};
    case Duplicates::ClosedOnPop:  // closed after the goal test; a closed pop is skipped
      return {.blocks = true, .blocks_from = S::Closed, .reads_record_on_pop = true,
              .skips_closed_pop = true, .closes_on_pop = true};
    case Duplicates::VisitedOnPop:  // as closed-on-pop, but a visited pop is expanded again
      return {.blocks = true, .blocks_from = S::Closed, .reads_record_on_pop = true,
              .closes_on_pop = true};
    case Duplicates::ReopenIfCheaper:  // pushed when unseen or cheaper; pops expand the best g
      return {.blocks = true, .blocks_from = S::Open, .admits_cheaper = true,
              .reads_record_on_pop = true, .expands_record_node = true, .marks_pushed = true,
              .keeps_node = true};
    case Duplicates::None:  // tree search
      return {.blocks = false};
    case Duplicates::ReplaceIfCheaper:  // AIMA's graph search: closed on pop, one entry per state
      return {.blocks = true, .blocks_from = S::Closed, .replaces_open = true,
              .reads_record_on_pop = true, .closes_on_pop = true, .marks_pushed = true,
              .keeps_node = true};
    case Duplicates::ClosedOnExpand:  // closed-on-pop, closed only once past the depth cut-off
      return {.blocks = true, .blocks_from = S::Closed, .reads_record_on_pop = true,
              .skips_closed_pop = true, .closes_on_expand = true};
  }
  return {};
}

inline DuplicateRule duplicate_rule(const ResolvedSemantics& semantics) {
  DuplicateRule rule = base_rule(semantics.duplicates);
  rule.marks_start =
      semantics.duplicates != Duplicates::OnPush || semantics.start_marked == StartMarked::Yes;
  rule.links_last =
      semantics.parent_link == ParentLink::Last && semantics.duplicates != Duplicates::None;
  rule.keeps_node = rule.keeps_node || rule.links_last;
  return rule;
}

// The frontier loop's Policy parameter (frontier_loop.h): a rule fixed when the loop is compiled,
// so that its tests fold away, or the rule read from the semantics at run time (the layouts of
// rarely searched boards, which do not pay for an instance per policy).
template <Duplicates kPolicy>
struct FixedRule {
  static constexpr bool kFixed = true;
  static constexpr DuplicateRule kRule = base_rule(kPolicy);
};
struct RuleAtRunTime {
  static constexpr bool kFixed = false;
};

}  // namespace tile::detail
