// Where a student's expansions first leave the reference's, drawn for the report (declared in
// diagnosis.h with the rest of what the judge says of a run).
#include <algorithm>
#include <sstream>

#include "grader/judge/diagnosis.h"
#include "grader/spec/text.h"

namespace tile {

std::string draw_side_by_side(const Board& left, const std::string& left_caption,
                              const Board& right, const std::string& right_caption) {
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::stringstream stream(text);
    for (std::string line; std::getline(stream, line);) out.push_back(line);
    return out;
  };
  const auto a = lines(draw_board(left));
  const auto b = lines(draw_board(right));
  std::size_t width = left_caption.size();
  for (const auto& line : a) width = std::max(width, line.size());
  width += 4;
  std::string out = left_caption + std::string(width - left_caption.size(), ' ') + right_caption +
                    "\n";
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const std::string l = i < a.size() ? a[i] : "";
    out += l + std::string(width - l.size(), ' ') + (i < b.size() ? b[i] : "") + "\n";
  }
  return out;
}

namespace {

// How many expansions agree before the first that differs, as the sentence says it.
std::string agreeing(std::size_t before) {
  if (before == 0) return "";
  return before == 1 ? " (the first agrees)" : " (the first " + std::to_string(before) + " agree)";
}

}  // namespace

std::optional<std::string> first_divergence(const std::vector<Board>& student,
                                            const std::vector<Board>& reference) {
  const std::size_t common = std::min(student.size(), reference.size());
  for (std::size_t i = 0; i < common; ++i) {
    if (!(student[i] == reference[i])) {
      return "Expansion " + std::to_string(i + 1) + " differs" + agreeing(i) + ":\n" +
             draw_side_by_side(student[i], "you expanded", reference[i], "the reference expanded");
    }
  }
  if (student.size() == reference.size()) return std::nullopt;
  if (student.size() < reference.size()) {
    return "You stopped after " + counted(student.size(), "expansion") +
           "; the reference goes on to expansion " + std::to_string(common + 1) + ":\n" +
           draw_board(reference[common]);
  }
  return "The reference stops after " + counted(reference.size(), "expansion") +
         "; your expansion " + std::to_string(common + 1) + " is extra:\n" +
         draw_board(student[common]);
}

}  // namespace tile
