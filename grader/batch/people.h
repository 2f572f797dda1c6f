// Who a submission belongs to, for the columns an LMS import needs (student id, email, name). Two
// sources: a Gradescope submissions export as downloaded (a folder per submission beside
// submission_metadata.yml, which names each folder's submitters), and a roster CSV. A group
// submission has several submitters: each gets the group's row.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/result.h"

namespace tile {

struct Person {
  std::string sid;
  std::string email;
  std::string name;
};

// By student, as batch names them (the file or folder name without ".lua").
using People = std::map<std::string, std::vector<Person>>;

// submission_metadata.yml of a Gradescope export: {submission_NNN: {":submitters": [{":name",
// ":sid", ":email"}, ...], ...}, ...}; other fields are ignored.
Result<People> read_gradescope_metadata(const std::string& path);

// A roster CSV with a header row: a "student" column (the submission's name) and any of "sid" (or
// "student_id", "id"), "email", "name"; other columns are ignored, RFC 4180 quoting is understood.
Result<People> read_roster_csv(const std::string& path);

// `extra`'s students that `base` lacks are added (the export's own submitters win).
void merge_people(People& base, const People& extra);

}  // namespace tile
