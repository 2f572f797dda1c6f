// A failing search test's run stepped through beside the reference's (issue 35), as plain data:
// the judge builds it from what it already has (grader/judge/step_through_builder.h), report/
// renders it (the HTML report's step-through view, and its plain-text form for screen readers).
//
// Bounded: only the steps around where the runs part (or the judge's step) are kept, a few before
// and a few beyond; the steps before them are summarised by their count. Each kept step carries
// both sides' expanded board and the first entries of each side's frontier.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/board.h"

namespace tile {

// How many steps a view keeps before and after the step it centres on, and frontier entries.
inline constexpr std::size_t kStepsBefore = 12;
inline constexpr std::size_t kStepsAfter = 6;
inline constexpr std::size_t kFrontierShown = 5;
inline constexpr std::size_t kFrontierInBrief = 3;  // the text report's, on one line

// One board of the view with what is known of it; nullopt where the run does not show it.
struct StepBoard {
  Board board;
  std::optional<int> depth = {};
  std::optional<std::int64_t> g = {};
  std::optional<std::int64_t> h = {};    // the task's heuristic, when it has one
  std::optional<std::int64_t> key = {};  // the frontier's key (StepThrough::key_name)
  std::optional<Move> move = {};         // the move that made it; none for the start

  bool operator==(const StepBoard&) const = default;
};

// One side at one step: the board it expanded (none: it had stopped) and its frontier then.
struct StepSide {
  std::optional<StepBoard> expanded = {};
  std::vector<StepBoard> frontier = {};  // the first entries, in the order they would be taken
  std::size_t frontier_size = 0;         // every entry, shown or not

  bool operator==(const StepSide&) const = default;
};

struct ThroughStep {
  std::size_t step = 0;  // expansion number, the first being 1
  StepSide student;
  StepSide reference;

  bool operator==(const ThroughStep&) const = default;
};

struct StepThrough {
  // The frontier's key as the assignment orders it: "f" (g + h), "g", "h", "depth", or empty for
  // a stack or a queue that orders by arrival alone.
  std::string key_name;
  std::string order_words;  // how the frontier is taken: "lowest f first, then oldest first"
  std::size_t student_expansions = 0;    // in the whole run
  std::size_t reference_expansions = 0;
  std::optional<std::size_t> divergence = {};  // the first step where the two differ
  // The step the view centres on and highlights: the judge's own (the diagnosis's StepEvidence,
  // an expansion) when it names one, else the divergence, else the student's last expansion.
  std::size_t focus = 0;
  enum class Focus { JudgeStep, Divergence, RunEnd };
  Focus focus_is = Focus::RunEnd;
  std::vector<ThroughStep> steps;  // consecutive, from steps.front().step
  // The student's frontier is rebuilt from the boards the run generated and had not yet
  // expanded, put in the assignment's order; false when the run's record does not show them.
  bool student_frontier_known = false;
  // The returned path against the reference's, move by move (letters "ULL").
  std::string student_path;
  std::string reference_path;
  std::optional<std::size_t> path_leaves_at = {};  // the first move (1-based) that differs
  std::optional<std::size_t> path_illegal_at = {};  // the first move the board does not allow

  bool operator==(const StepThrough&) const = default;
};

// The same facts as plain text, one step a paragraph: the HTML view's fallback for readers
// without scripts or sight.
std::string step_through_text(const StepThrough& through);

// The highlighted step in a few lines, for the text report of a failing test: what each side
// expanded there with its key, and the first entries of each side's frontier then. The whole
// window is the HTML view's; "" when the view has no step to show.
std::string step_through_brief(const StepThrough& through);

// What stands beside the highlighted step: the diagnosis sentence, said of that step only when
// the judge named it ("At step 7: ..."), else after what the view shows there.
std::string focus_note(const StepThrough& through, const std::string& sentence);

// For formats that cannot draw it (Gradescope's and PrairieLearn's text): one line saying where
// the full view is, with no link (those pages show none), or "" when there is no view.
std::string step_through_note(const std::optional<StepThrough>& through);

// The data the HTML view's script reads (a JSON block the page does not execute).
nlohmann::json step_through_to_json(const StepThrough& through);

}  // namespace tile
