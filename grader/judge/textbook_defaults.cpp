#include "grader/judge/textbook_defaults.h"

#include <functional>

namespace tile {

namespace {

struct TextbookChoice {
  std::function<bool(Algorithm)> applies;
  std::function<bool(const ResolvedSemantics&)> as_the_book;
  std::string field;     // the semantics field, as assignment.json names it
  std::string book;      // what the book does
  std::function<std::string(const ResolvedSemantics&)> here;  // what the task does
};

bool depth_first_family(Algorithm algorithm) {
  return algorithm == Algorithm::Dfs || algorithm == Algorithm::Dls ||
         algorithm == Algorithm::Iddfs;
}

const std::vector<TextbookChoice>& table() {
  static const std::vector<TextbookChoice> choices = {
      {[](Algorithm a) { return a == Algorithm::Bfs; },
       [](const ResolvedSemantics& s) { return s.goal_test != GoalTest::OnPop; }, "goal_test",
       "AIMA's BREADTH-FIRST-SEARCH tests a child for the goal when it is generated",
       [](const ResolvedSemantics& s) {
         return "this search tests a node when it is taken off the queue (goal_test: " +
                std::string(goal_test_name(s.goal_test)) + "), so it expands more nodes";
       }},
      {depth_first_family,
       [](const ResolvedSemantics& s) { return s.duplicates == Duplicates::None; }, "duplicates",
       "AIMA's depth-first and iterative deepening searches keep no table of visited states "
       "(they only skip a state already on the current path)",
       [](const ResolvedSemantics& s) {
         return "this search never revisits a state it has already put on its frontier "
                "(duplicates: " +
                std::string(duplicates_name(s.duplicates)) + ")";
       }},
      {[](Algorithm a) { return a == Algorithm::Dls || a == Algorithm::Iddfs; },
       [](const ResolvedSemantics& s) { return s.at_depth_limit == AtDepthLimit::CutOff; },
       "at_depth_limit",
       "AIMA's DEPTH-LIMITED-SEARCH goal-tests a node at the depth limit and goes no further",
       [](const ResolvedSemantics& s) {
         return "this search expands a node at the depth limit too, and drops its children as "
                "too deep (at_depth_limit: " +
                std::string(at_depth_limit_name(s.at_depth_limit)) + ")";
       }},
      {[](Algorithm a) { return a == Algorithm::Bibfs; },
       [](const ResolvedSemantics& s) { return s.meet_test == MeetTest::OnGenerate; }, "meet_test",
       "AIMA's BIBF-SEARCH checks each new child against the states the other side has reached",
       [](const ResolvedSemantics& s) {
         return "this search checks a node when it is taken off its queue (meet_test: " +
                std::string(meet_test_name(s.meet_test)) + "), so it expands more nodes";
       }},
  };
  return choices;
}

}  // namespace

std::vector<std::string> textbook_differences(Algorithm algorithm,
                                              const ResolvedSemantics& resolved) {
  std::vector<std::string> out;
  for (const TextbookChoice& choice : table()) {
    if (!choice.applies(algorithm) || choice.as_the_book(resolved)) continue;
    out.push_back("Unlike the textbook: " + choice.book + "; " + choice.here(resolved) + ".");
  }
  return out;
}

}  // namespace tile
