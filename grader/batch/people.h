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

// By student, as batch names them: the raw bytes of the file or folder name without ".lua", so a
// name with a backslash or a Latin-1 byte matches its roster row (rows show it escaped).
using People = std::map<std::string, std::vector<Person>>;

// Course records are read whole; 64 MiB is a metadata file or roster for hundreds of thousands of
// students, and anything larger is refused before it is read.
inline constexpr std::size_t kMaxCourseRecordBytes = 64u << 20;

// submission_metadata.yml of a Gradescope export: {submission_NNN: {":submitters": [{":name",
// ":sid", ":email"}, ...], ...}, ...}; other fields are ignored.
Result<People> read_gradescope_metadata(const std::string& path);
// The same, of the file's text (PATH names it in errors).
Result<People> parse_gradescope_metadata(const std::string& text, const std::string& path);

// A roster CSV with a header row: a "student" column (the submission's name) and any of "sid" (or
// "student_id", "id"), "email", "name"; other columns are ignored, RFC 4180 quoting is understood.
Result<People> read_roster_csv(const std::string& path);
Result<People> parse_roster_csv(const std::string& text, const std::string& path);

// `extra`'s students that `base` lacks are moved into it (the export's own submitters win).
void merge_people(People& base, People&& extra);

}  // namespace tile
