#include "grader/batch/people.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>
#include <yaml-cpp/yaml.h>

#include "engine/files.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

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
  auto text = read_file(path, kMaxCourseRecordBytes);
  if (!text) return Error{text.error()};
  return parse_gradescope_metadata(*text, path);
}

namespace {

// yaml-cpp's parser recurses once per nested flow collection, so "[[[[..." a few hundred
// thousand deep exhausts the stack. Gradescope's files nest four deep; the text is refused before
// parsing when its brackets nest deeper than this (counted outside quotes, roughly: a quoted
// bracket only makes the count more cautious).
constexpr int kMaxFlowNesting = 64;

bool nests_too_deep(const std::string& text) {
  int depth = 0;
  char quote = 0;
  for (const char ch : text) {
    if (quote) {
      if (ch == quote) quote = 0;
    } else if (ch == '"' || ch == '\'') {
      quote = ch;
    } else if (ch == '[' || ch == '{') {
      if (++depth > kMaxFlowNesting) return true;
    } else if ((ch == ']' || ch == '}') && depth > 0) {
      --depth;
    } else if (ch == '\n') {
      quote = 0;  // an unclosed quote ends nothing here; yaml-cpp reports it
    }
  }
  return false;
}

}  // namespace

Result<People> parse_gradescope_metadata(const std::string& text, const std::string& path) {
  if (nests_too_deep(text)) {
    return Error{path + ": lists or maps nested more than " + std::to_string(kMaxFlowNesting) +
                 " deep: not a submissions export"};
  }
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& error) {
    return Error{path + ": not valid YAML: " + error.what()};
  }
  // Anchors and aliases share one node in yaml-cpp, but every alias copies it again into People:
  // a small file could expand to gigabytes. The copies are bounded by the file's own size.
  const std::size_t budget = 16 * text.size() + (1u << 20);
  std::size_t copied = 0;
  const auto bad = [&path](const YAML::Node& node, const std::string& where, const char* what) {
    return Error{fmt::format("{}:{}: {} {}", path, node.Mark().line + 1, escaped_text(where),
                             what)};
  };
  if (!root.IsMap()) return bad(root, "the top level", "is not a map of submission folders");
  People people;
  try {
    for (const auto& entry : root) {
      if (!entry.first.IsScalar()) return bad(entry.first, "a key", "is not a folder name");
      const std::string folder = entry.first.Scalar();
      if (!entry.second.IsMap()) return bad(entry.second, folder, "is not a map");
      const YAML::Node submitters = entry.second[":submitters"];
      if (!submitters) return bad(entry.second, folder, "has no :submitters: list");
      if (!submitters.IsSequence()) {
        return bad(submitters, folder + "/:submitters", "is not a list");
      }
      auto& listed = people[folder];
      std::size_t index = 0;
      for (const YAML::Node& submitter : submitters) {
        const std::string where = fmt::format("{}/:submitters/{}", folder, index++);
        if (!submitter.IsMap()) return bad(submitter, where, "is not a map");
        Person person;
        for (auto [key, out] : {std::pair{":sid", &person.sid}, std::pair{":email", &person.email},
                                std::pair{":name", &person.name}}) {
          const YAML::Node value = submitter[key];
          if (!value || value.IsNull()) continue;
          // Gradescope writes ids as quoted strings, but a bare 1234 must not lose its digits.
          if (!value.IsScalar()) return bad(value, where + "/" + key, "is not a single value");
          *out = value.Scalar();
          copied += out->size() + 1;
        }
        // Each submitter costs at least a record's worth, so aliases of empty maps count too.
        if ((copied += folder.size() + sizeof(Person)) > budget) {
          return bad(submitter, where, "expands past the file's size bound (aliases repeated?)");
        }
        listed.push_back(std::move(person));
      }
    }
  } catch (const YAML::Exception& error) {  // any other shape yaml-cpp refuses to read
    return Error{path + ": " + error.what()};
  }
  return people;
}

Result<People> read_roster_csv(const std::string& path) {
  auto text = read_file(path, kMaxCourseRecordBytes);
  if (!text) return Error{text.error()};
  return parse_roster_csv(*text, path);
}

Result<People> parse_roster_csv(const std::string& text, const std::string& path) {
  std::size_t at = 0;
  const std::vector<std::string> header = csv_record(text, at);
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
  while (at < text.size()) {
    const std::vector<std::string> record = csv_record(text, at);
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
