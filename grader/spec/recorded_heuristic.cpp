#include "grader/spec/recorded_heuristic.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace tile {

bool is_student_heuristic(std::string_view name) {
  return name.starts_with(kStudentHeuristicPrefix);
}

std::string student_heuristic_function(std::string_view name) {
  if (!is_student_heuristic(name)) return {};
  return std::string(name.substr(kStudentHeuristicPrefix.size()));
}

bool is_lua_function_name(std::string_view name) {
  // Lua 5.4's reserved words (the manual, section 3.1): a global can hold a function under such a
  // name (_G["end"]), but no script can define or call it by that name.
  static constexpr std::array<std::string_view, 22> kReserved = {
      "and", "break", "do",  "else", "elseif", "end",    "false", "for",  "function", "goto", "if",
      "in",  "local", "nil", "not",  "or",     "repeat", "return", "then", "true",    "until", "while"};
  if (std::find(kReserved.begin(), kReserved.end(), name) != kReserved.end()) return false;
  return !name.empty() && !std::isdigit(static_cast<unsigned char>(name.front())) &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
         });
}

RecordedHeuristic::RecordedHeuristic(std::shared_ptr<const RecordedValues> values,
                                     std::string function)
    : values_(std::move(values)), function_(std::move(function)) {}

std::optional<std::int64_t> RecordedHeuristic::estimate(const Board& board) {
  if (values_) {
    const auto it = values_->find(pack(board));
    if (it != values_->end()) return it->second;
  }
  if (!missing_) {
    missing_ = board;
    failure_ = "the grading child recorded no value of " + function_ + " for this board:\n" +
               draw_board(board);
  }
  return std::nullopt;
}

}  // namespace tile
