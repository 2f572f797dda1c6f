#include "grader/report/report_not_graded.h"

#include <string>

namespace tile {

using nlohmann::json;

namespace {

// As report_classroom.cpp caps a test's message: the reporter's outputs share 1 MB.
constexpr std::size_t kReasonCap = 2'000;

std::string capped(std::string_view text) {
  if (text.size() <= kReasonCap) return std::string(text);
  std::size_t cut = kReasonCap;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "...";
}

}  // namespace

bool is_results_document(ReportFormat format) {
  return format == ReportFormat::Gradescope || format == ReportFormat::Json ||
         format == ReportFormat::PrairieLearn || format == ReportFormat::Classroom;
}

std::string not_graded_sentence(ErrorKind kind) {
  const std::string whose =
      "The autograder could not grade your submission, because of a problem on the course's "
      "side, not in your script.";
  if (kind == ErrorKind::BadInput) return whose + " Please tell your instructor.";
  return whose + " Please submit it again, and tell your instructor if this happens again.";
}

json not_graded_json(ReportFormat format, ErrorKind kind, std::string_view reason) {
  const std::string sentence = not_graded_sentence(kind);
  switch (format) {
    case ReportFormat::PrairieLearn:
      // Not gradable: no points, and the attempt is not used up. Said once: PrairieLearn shows
      // `message` and `format_errors` both, one above the other.
      return {{"gradable", false},
              {"score", 0},
              {"format_errors", json::array({sentence})},
              {"tests", json::array()}};
    case ReportFormat::Classroom:
      // The reporter adds up the tests' scores: one test, scored 0 out of 0, says why.
      return {{"version", 1},
              {"status", "error"},
              {"max_score", 0},
              {"tests", json::array({json{{"name", "tilegrade"},
                                          {"status", "error"},
                                          {"score", 0},
                                          {"max_score", 0},
                                          {"message", sentence + "\n" + capped(reason)}}})}};
    default:
      // Gradescope's results.json: a score is required; stdout (the reason) stays hidden.
      return {{"score", 0},
              {"output", sentence},
              {"output_format", "text"},
              {"stdout_visibility", "hidden"},
              {"tests", json::array()}};
  }
}

}  // namespace tile
