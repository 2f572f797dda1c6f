#include "grader/spec/recorded_heuristic.h"

#include <algorithm>
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
