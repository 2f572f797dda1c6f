#include "grader/report/step_through.h"

#include <algorithm>

#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

namespace {

// A board on one line, its rows apart: "1 2 5 / 3 4 . / 6 7 8".
std::string board_line(const Board& board) {
  std::string out;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (cell > 0) out += cell % board.shape.cols == 0 ? " / " : " ";
    out += board.at(cell) == 0 ? std::string(".") : std::to_string(board.at(cell));
  }
  return out;
}

std::string facts_line(const StepBoard& board, const std::string& key_name) {
  std::string out = board_line(board.board);
  if (board.move) out += std::string(", moved ") + move_name(*board.move);
  if (board.depth) {
    out += ", " + std::to_string(*board.depth) + (*board.depth == 1 ? " move in" : " moves in");
  }
  if (board.g && board.depth && *board.g != *board.depth) out += ", g " + std::to_string(*board.g);
  if (board.h) out += ", h " + std::to_string(*board.h);
  if (board.g && board.h) out += ", f " + std::to_string(*board.g + *board.h);
  if (board.key && key_name != "f" && key_name != "h" && key_name != "g" && key_name != "depth" &&
      !key_name.empty()) {
    out += ", " + key_name + " " + std::to_string(*board.key);
  }
  return out;
}

// One line for a side's frontier at a step, every entry on it: "Step 3: your frontier, the first
// 2 of 2: . 1 2 / 3 4 5 / 6 7 8 (depth 1); ...". Each line names its step, so that no line of
// the whole text repeats another, and a screen reader's line stands on its own.
std::string frontier_line(const std::string& prefix, const StepSide& side,
                          const std::string& whose, const std::string& key_name) {
  if (side.frontier_size == 0) return prefix + whose + " frontier was empty.\n";
  std::string out = prefix + whose + " frontier, the first " +
                    std::to_string(side.frontier.size()) + " of " +
                    std::to_string(side.frontier_size) + ":";
  for (std::size_t i = 0; i < side.frontier.size(); ++i) {
    out += (i == 0 ? " " : "; ") + facts_line(side.frontier[i], key_name);
  }
  return out + ".\n";
}

// A board's key as the frontier reads it, in words: "f 12 (g 5 + h 7)", "depth 3"; for a stack,
// which orders by arrival, its depth.
std::string key_words(const StepBoard& board, const std::string& key_name) {
  if ((key_name.empty() || key_name == "depth") && board.depth) {
    return "depth " + std::to_string(*board.depth);
  }
  if (key_name == "f" && board.g && board.h) {
    return "f " + std::to_string(*board.g + *board.h) + " (g " + std::to_string(*board.g) +
           " + h " + std::to_string(*board.h) + ")";
  }
  if (key_name == "g" && board.g) return "g " + std::to_string(*board.g);
  if (key_name == "h" && board.h) return "h " + std::to_string(*board.h);
  if (!key_name.empty() && board.key) return key_name + " " + std::to_string(*board.key);
  return "";
}

std::string brief_board(const StepBoard& board, const std::string& key_name) {
  const std::string key = key_words(board, key_name);
  return board_line(board.board) + (key.empty() ? "" : ", " + key);
}

std::string brief_frontier(const StepSide& side, const std::string& key_name) {
  if (side.frontier_size == 0) return "empty";
  std::string out;
  for (std::size_t i = 0; i < side.frontier.size() && i < kFrontierInBrief; ++i) {
    out += (i == 0 ? "" : "; ") + brief_board(side.frontier[i], key_name);
  }
  const std::size_t shown = std::min(side.frontier.size(), kFrontierInBrief);
  if (shown < side.frontier_size) {
    out += "; " + std::to_string(side.frontier_size - shown) + " more";
  }
  return out;
}

json optional_json(const auto& value) { return value ? json(*value) : json(nullptr); }

json board_json(const StepBoard& board) {
  json out = {{"b", format_tiles(board.board)}};
  if (board.depth) out["d"] = *board.depth;
  if (board.g) out["g"] = *board.g;
  if (board.h) out["h"] = *board.h;
  if (board.key) out["k"] = *board.key;
  if (board.move) out["m"] = std::string(1, move_letter(*board.move));
  return out;
}

json side_json(const StepSide& side) {
  json frontier = json::array();
  for (const StepBoard& entry : side.frontier) frontier.push_back(board_json(entry));
  return {{"x", side.expanded ? board_json(*side.expanded) : json(nullptr)},
          {"f", frontier},
          {"n", side.frontier_size}};
}

}  // namespace

std::string step_through_text(const StepThrough& through) {
  std::string out;
  if (!through.steps.empty() && through.steps.front().step > 1) {
    out += "Expansions 1 to " + std::to_string(through.steps.front().step - 1) +
           (through.divergence && *through.divergence >= through.steps.front().step
                ? " are the same in your run and the reference's.\n"
                : " are not shown.\n");
  }
  for (const ThroughStep& step : through.steps) {
    std::string prefix = "Step " + std::to_string(step.step);
    if (through.divergence == step.step) {
      prefix += " (the first that differs)";
    } else if (through.focus == step.step &&
               through.focus_is == StepThrough::Focus::JudgeStep) {
      prefix += " (the step the diagnosis names)";
    }
    prefix += ": ";
    out += prefix + (step.student.expanded
                         ? "you expanded " + facts_line(*step.student.expanded, through.key_name)
                         : "you had stopped after " +
                               counted(through.student_expansions, "expansion")) +
           ".\n";
    const std::string at = "Step " + std::to_string(step.step) + ": ";
    out += at + (step.reference.expanded
                     ? "the reference expanded " +
                           facts_line(*step.reference.expanded, through.key_name)
                     : "the reference had stopped after " +
                           counted(through.reference_expansions, "expansion")) +
           ".\n";
    if (through.student_frontier_known && step.student.expanded) {
      out += frontier_line(at, step.student, "your", through.key_name);
    }
    if (step.reference.expanded) {
      out += frontier_line(at, step.reference, "the reference's", through.key_name);
    }
  }
  if (!through.steps.empty() && through.steps.back().step <
                                    std::max(through.student_expansions,
                                             through.reference_expansions)) {
    out += "Not shown: the steps after " + std::to_string(through.steps.back().step) +
           " (you made " + counted(through.student_expansions, "expansion") +
           ", the reference " + std::to_string(through.reference_expansions) + ").\n";
  }
  if (through.path_illegal_at) {
    out += "Your path's move " + std::to_string(*through.path_illegal_at) +
           " is not a legal move on the board it reaches.\n";
  } else if (through.path_leaves_at) {
    out += "Your path leaves the reference's at move " + std::to_string(*through.path_leaves_at) +
           ".\n";
  }
  return out;
}

std::string step_through_brief(const StepThrough& through) {
  const auto at = std::find_if(through.steps.begin(), through.steps.end(),
                               [&](const ThroughStep& step) { return step.step == through.focus; });
  if (at == through.steps.end()) return "";
  std::string why;
  if (through.divergence == at->step) {
    why = ", the first that differs";
  } else if (through.focus_is == StepThrough::Focus::JudgeStep) {
    why = ", the one the diagnosis names";
  }
  std::string out = "Step " + std::to_string(at->step) + why + " (each frontier is taken " +
                    through.order_words + "):\n";
  out += at->student.expanded
             ? "  you expanded " + brief_board(*at->student.expanded, through.key_name) + "\n"
             : "  you had stopped after " + counted(through.student_expansions, "expansion") +
                   "\n";
  out += at->reference.expanded
             ? "  the reference expanded " +
                   brief_board(*at->reference.expanded, through.key_name) + "\n"
             : "  the reference had stopped after " +
                   counted(through.reference_expansions, "expansion") + "\n";
  if (through.student_frontier_known && at->student.expanded) {
    out += "  your frontier then: " + brief_frontier(at->student, through.key_name) + "\n";
  }
  if (at->reference.expanded) {
    out += "  the reference's frontier then: " + brief_frontier(at->reference, through.key_name) +
           "\n";
  }
  return out;
}

std::string step_through_note(const std::optional<StepThrough>& through) {
  if (!through || through->steps.empty()) return "";
  return "\nThe HTML report of this submission steps through your run beside the reference's, "
         "step " + std::to_string(through->focus) + " highlighted.\n";
}

std::string focus_note(const StepThrough& through, const std::string& sentence) {
  const std::string step = std::to_string(through.focus);
  switch (through.focus_is) {
    case StepThrough::Focus::JudgeStep: return "At step " + step + ": " + sentence;
    case StepThrough::Focus::Divergence:
      return "Your run first differs from the reference's at step " + step +
             ". The diagnosis: " + sentence;
    case StepThrough::Focus::RunEnd: break;
  }
  if (!through.divergence && through.student_expansions == through.reference_expansions) {
    const std::size_t made = through.student_expansions;
    return (made == 1 ? std::string("Your one expansion is the reference's")
                      : "Your " + counted(made, "expansion") + " are the reference's, in order") +
           ". The diagnosis: " + sentence;
  }
  return "The diagnosis: " + sentence;
}

json step_through_to_json(const StepThrough& through) {
  json steps = json::array();
  for (const ThroughStep& step : through.steps) {
    steps.push_back({{"n", step.step},
                     {"you", side_json(step.student)},
                     {"ref", side_json(step.reference)}});
  }
  return {{"key", through.key_name},
          {"order", through.order_words},
          {"you_total", through.student_expansions},
          {"ref_total", through.reference_expansions},
          {"divergence", optional_json(through.divergence)},
          {"focus", through.focus},
          {"you_frontier", through.student_frontier_known},
          {"path", {{"you", through.student_path},
                    {"ref", through.reference_path},
                    {"leaves", optional_json(through.path_leaves_at)},
                    {"illegal", optional_json(through.path_illegal_at)}}},
          {"steps", steps}};
}

}  // namespace tile
