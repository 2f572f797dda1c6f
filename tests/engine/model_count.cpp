// The model's checked count (search_model.h), written from docs/semantics.md's `count` and
// `count_offset` rows without engine/'s Counters::selected.
#include "tests/engine/search_model.h"

namespace model {

using tile::CountKind;

// The count an assignment checks: the chosen counter plus count_offset, never below 0.
std::uint64_t model_count(const ModelCounters& c, const Semantics& s) {
  std::int64_t raw = 0;
  switch (s.count) {
    case CountKind::Expanded: raw = static_cast<std::int64_t>(c.expanded); break;
    case CountKind::Popped: raw = static_cast<std::int64_t>(c.popped); break;
    case CountKind::Generated: raw = static_cast<std::int64_t>(c.generated); break;
    case CountKind::Discovered: raw = static_cast<std::int64_t>(c.discovered); break;
    case CountKind::Pushed: raw = static_cast<std::int64_t>(c.pushed); break;
    case CountKind::GoalTests: raw = static_cast<std::int64_t>(c.goal_tests); break;
    case CountKind::Built: raw = static_cast<std::int64_t>(c.built); break;
    case CountKind::ExpandedBelowLimit:
      raw = static_cast<std::int64_t>(c.expanded_below_limit);
      break;
  }
  raw += s.count_offset;
  return raw < 0 ? 0 : static_cast<std::uint64_t>(raw);
}

}  // namespace model
