#include "grader/judge/mistake_phrases.h"

namespace tile {

std::string describe_duplicates(Duplicates policy) {
  switch (policy) {
    case Duplicates::OnPush: return "marks a state when it is first pushed and never pushes it again";
    case Duplicates::ClosedOnPop:
      return "checks for duplicates when a node is popped (skipping states already expanded)";
    case Duplicates::VisitedOnPop:
      return "records states when popped and skips visited children, but expands repeated pops";
    case Duplicates::ReopenIfCheaper: return "pushes a state again whenever a cheaper path is found";
    case Duplicates::None: return "has no duplicate detection at all (tree search)";
    case Duplicates::ReplaceIfCheaper:
      return "keeps each state on the frontier once and replaces it when a cheaper path is found";
    default: break;
  }
  return "handles repeated states as the handout says (" + std::string(duplicates_name(policy)) +
         ")";
}

std::string priority_phrase(Algorithm algorithm) {
  switch (algorithm) {
    case Algorithm::Astar: return "f = g + h";
    case Algorithm::WeightedAstar: return "g + w*h";
    case Algorithm::Ucs: return "g";
    case Algorithm::Greedy: return "h";
    case Algorithm::Bfs: return "depth";
    default: return "nothing but the order of arrival";
  }
}

std::string tie_key_phrase(TieKey key) {
  switch (key) {
    case TieKey::Fifo: return "the oldest node first";
    case TieKey::Lifo: return "the newest node first";
    case TieKey::Action: return "the rank of the move in the action order";
    case TieKey::State: return "the boards' tiles, smallest first";
    case TieKey::Path: return "the paths' moves";
    case TieKey::ParentLifo: return "the newest parent first";
    case TieKey::HLow: return "the smaller h";
    case TieKey::GHigh: return "the larger g";
    case TieKey::GLow: return "the smaller g";
  }
  return std::string(tie_key_name(key));
}

std::string describe_frontier(const Semantics& base, Algorithm algorithm) {
  std::string out = base.queue == QueueKind::PythonHeapq
                        ? "Python's heapq comparing " + priority_phrase(algorithm)
                        : "ordered by " + priority_phrase(algorithm);
  const std::vector<TieKey>& keys = *base.tie_break;
  if (keys.empty()) return out + " alone";
  for (TieKey key : keys) out += ", then " + tie_key_phrase(key);
  return out;
}

std::string describe_cycle_check(CycleCheck check) {
  switch (check) {
    case CycleCheck::None: return "keeps every child, even one that repeats a state of its own path";
    case CycleCheck::ReverseMove:
      return "never generates the move that undoes the previous one";
    case CycleCheck::Path:
      return "drops a child whose state is already on the path from the start to it";
  }
  return std::string(cycle_check_name(check));
}

std::string describe_at_depth_limit(AtDepthLimit at_limit) {
  switch (at_limit) {
    case AtDepthLimit::Expand: return "expands a node at the depth limit like any other";
    case AtDepthLimit::CutOff:
      return "only tests a node at the depth limit for the goal and never expands it";
  }
  return std::string(at_depth_limit_name(at_limit));
}

std::string describe_round_bound(RoundBound bound) {
  switch (bound) {
    case RoundBound::F: return "bounds each round by f = g + h";
    case RoundBound::Depth: return "bounds each round by depth";
  }
  return std::string(round_bound_name(bound));
}

}  // namespace tile
