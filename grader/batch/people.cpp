#include "grader/batch/people.h"

#include <algorithm>
#include <cctype>

#include <yaml-cpp/yaml.h>

#include "engine/files.h"

namespace tile {

namespace {

// A scalar field of a submitter; Gradescope writes ids as quoted strings, but a bare 1234 must
// not lose its digits either.
std::string field(const YAML::Node& node, const char* key) {
  const YAML::Node value = node[key];
  if (!value || !value.IsScalar()) return "";
  return value.Scalar();
}

// One CSV record from `text` at `at` (RFC 4180: quoted fields, "" inside quotes, CRLF or LF).
std::vector<std::string> csv_record(const std::string& text, std::size_t& at) {
  std::vector<std::string> fields(1);
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
  return fields;
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

Result<People> read_gradescope_metadata(const std::string& path) {
  auto text = read_file(path);
  if (!text) return Error{text.error()};
  YAML::Node root;
  try {
    root = YAML::Load(*text);
  } catch (const YAML::Exception& error) {
    return Error{path + ": not valid YAML: " + error.what()};
  }
  if (!root.IsMap()) return Error{path + ": expected one entry per submission folder"};
  People people;
  for (const auto& entry : root) {
    const std::string folder = entry.first.as<std::string>();
    const YAML::Node submitters = entry.second[":submitters"];
    if (!submitters || !submitters.IsSequence()) {
      return Error{path + ": " + folder + " has no :submitters: list"};
    }
    auto& listed = people[folder];
    for (const YAML::Node& submitter : submitters) {
      listed.push_back({field(submitter, ":sid"), field(submitter, ":email"),
                        field(submitter, ":name")});
    }
  }
  return people;
}

Result<People> read_roster_csv(const std::string& path) {
  auto text = read_file(path);
  if (!text) return Error{text.error()};
  std::size_t at = 0;
  const std::vector<std::string> header = csv_record(*text, at);
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
  while (at < text->size()) {
    const std::vector<std::string> record = csv_record(*text, at);
    ++line;
    if (record.size() == 1 && record[0].empty()) continue;  // a blank line
    const std::string key = cell(record, student);
    if (key.empty()) return Error{path + ":" + std::to_string(line) + ": no student"};
    people[key].push_back({cell(record, sid), cell(record, email), cell(record, name)});
  }
  return people;
}

void merge_people(People& base, const People& extra) {
  for (const auto& [student, persons] : extra) base.try_emplace(student, persons);
}

}  // namespace tile
