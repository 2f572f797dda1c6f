#include "grader/batch/people.h"

#include <algorithm>
#include <cctype>
#include <iterator>


#include "engine/files.h"


namespace tile {

namespace {

// One CSV record from `text` at `at` into `fields` (RFC 4180: quoted fields, "" inside quotes,
// CRLF or LF). The fields' strings are reused from record to record.
void csv_record(const std::string& text, std::size_t& at, std::vector<std::string>& fields) {
  fields.resize(1);
  fields[0].clear();
  bool quoted = false;
  while (at < text.size()) {
    const char ch = text[at++];
    if (quoted) {
      if (ch == '"' && at < text.size() && text[at] == '"') {
        fields.back() += '"';
        ++at;
      } else if (ch == '"') {
        quoted = false;
      } else {
        fields.back() += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      fields.emplace_back();
    } else if (ch == '\n') {
      break;
    } else if (ch != '\r') {
      fields.back() += ch;
    }
  }
}

std::string lower_trimmed(std::string text) {
  const auto not_space = [](unsigned char ch) { return !std::isspace(ch); };
  text.erase(text.begin(), std::find_if(text.begin(), text.end(), not_space));
  text.erase(std::find_if(text.rbegin(), text.rend(), not_space).base(), text.end());
  // A spreadsheet's byte-order mark on the first header.
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return text;
}

}  // namespace

Result<People> read_roster_csv(const std::string& path) {
  auto text = read_file(path, kMaxCourseRecordBytes);
  if (!text) return text.failure();
  return parse_roster_csv(*text, path);
}

Result<People> parse_roster_csv(const std::string& text, const std::string& path) {
  std::size_t at = 0;
  std::vector<std::string> header;
  csv_record(text, at, header);
  int student = -1, sid = -1, email = -1, name = -1;
  for (std::size_t i = 0; i < header.size(); ++i) {
    const std::string column = lower_trimmed(header[i]);
    const int index = static_cast<int>(i);
    if (column == "student") student = index;
    if (sid < 0 && (column == "sid" || column == "student_id" || column == "id")) sid = index;
    if (column == "email") email = index;
    if (column == "name") name = index;
  }
  if (student < 0) {
    return Error{path + ": the roster needs a \"student\" column (the submission's name)"};
  }
  const auto cell = [](const std::vector<std::string>& record, int index) {
    return index >= 0 && static_cast<std::size_t>(index) < record.size()
               ? record[static_cast<std::size_t>(index)]
               : std::string();
  };
  People people;
  std::size_t line = 1;
  std::vector<std::string> record;
  while (at < text.size()) {
    csv_record(text, at, record);
    ++line;
    if (record.size() == 1 && record[0].empty()) continue;  // a blank line
    std::string key = cell(record, student);
    if (key.empty()) return Error{path + ":" + std::to_string(line) + ": no student"};
    // Rosters are usually sorted: a name after the last one goes at the end in constant time.
    const bool last = people.empty() || std::prev(people.end())->first < key;
    auto& persons = last ? people.emplace_hint(people.end(), std::move(key), std::vector<Person>())->second
                         : people[key];
    persons.push_back({cell(record, sid), cell(record, email), cell(record, name)});
  }
  return people;
}

void merge_people(People& base, People&& extra) {
  base.merge(extra);  // moves the nodes of the students base lacks; nothing is copied
}

}  // namespace tile
