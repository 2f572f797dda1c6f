// A diagnosis's sentence as data (issue 33 part 4): each catalogue entry it names, with the values
// of its placeholders, kept as fields. report/ renders the sentence from them; no layer searches a
// rendered sentence for its halves ("; this assignment ...") to build another.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "grader/spec/diagnosis_codes.h"

namespace tile {

// One entry of the catalogue of codes (grader/spec/diagnosis_codes.h) and the values its
// {placeholders} are filled with: "ties-ignore-{key}" with key = "state", assignment = "...".
struct DiagnosisPart {
  std::string key;
  // Owned, unlike Placeholders' names (string views of the judge's literals): a part outlives
  // the call that made it.
  std::vector<std::pair<std::string, std::string>> values;

  bool operator==(const DiagnosisPart&) const = default;
};

// The entry's code and its sentence, filled in.
std::string part_code(const DiagnosisPart& part);
std::string part_sentence(const DiagnosisPart& part);

// "two-mistakes": both entries' sentences. Where the second says again what the first already
// said the assignment does (both describe the same {assignment}, and the second's row has a
// `yours` half), the second shows only what the student did, so no line is read twice.
std::string two_mistakes_sentence(const DiagnosisPart& first, const DiagnosisPart& second);

}  // namespace tile
