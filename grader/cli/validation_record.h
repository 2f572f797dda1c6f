// What `tilegrade bundle` records of the validation it ran (validation.json in the Gradescope
// zip), so that setup.sh, on the image, checks what the image can change instead of validating
// everything again: that the assignment and the engine's answers are the ones validated (the
// assignment's digest, assignment_digest.h) and that the reference solution still gets full marks
// there (`tilegrade validate DIR --recorded validation.json`). The mutants and the tests'
// adequacy depend only on those, so they are not graded again.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/result.h"

namespace tile::cli {

inline constexpr const char* kValidationRecordName = "validation.json";

struct ValidationRecord {
  std::string assignment_digest;  // assignment.json, the engine's answers, Lua heuristics
  std::string tilegrade_version;  // the tilegrade that validated it
  std::size_t mutants = 0;        // how many mutants it graded, each as named
};

// {"assignment_digest": ..., "tilegrade_version": ..., "mutants": N}, with a newline.
std::string validation_record_text(const ValidationRecord& record);
// The record in TEXT, or one line naming FILE and what is wrong.
Result<ValidationRecord> parse_validation_record(std::string_view text, const std::string& file);

}  // namespace tile::cli
