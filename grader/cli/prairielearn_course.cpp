// One assignment as a PrairieLearn question, in the folders of a course repository
// (docs/delivery.md):
//   OUT/serverFilesCourse/tilegrade/run.sh      the external grader's entrypoint (shared)
//   OUT/serverFilesCourse/tilegrade/tilegrade   the self-contained tilegrade it runs
//   OUT/questions/NAME/info.json                gradingMethod External, a fresh uuid, the title
//   OUT/questions/NAME/question.html            the handout, the starter to download, the upload
//   OUT/questions/NAME/clientFilesQuestion/     starter.lua, when the assignment has one
//   OUT/questions/NAME/tests/assignment/        the assignment (mounted at /grade/tests)
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

#include "engine/files.h"
#include "grader/cli/bundle.h"
#include "grader/cli/output.h"
#include "grader/cli/platform_files.h"
#include "grader/run/adequacy_record.h"

namespace tile::cli {

namespace {

namespace fs = std::filesystem;

// PrairieLearn renders question.html with Mustache before its <markdown> element runs: the
// handout is put between changed delimiters, so its own "{{" (a Lua table of tables) stays text.
constexpr std::string_view kOpenDelimiter = "<%tilegrade";
constexpr std::string_view kCloseDelimiter = "tilegrade%>";

// Every question of a course needs its own uuid (version 4: random).
std::string fresh_uuid() {
  std::random_device device;
  unsigned char bytes[16];
  for (unsigned char& byte : bytes) byte = static_cast<unsigned char>(device());
  bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0f) | 0x40);
  bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3f) | 0x80);
  std::string text;
  char hex[3];
  for (int i = 0; i < 16; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) text += '-';
    std::snprintf(hex, sizeof hex, "%02x", bytes[i]);
    text += hex;
  }
  return text;
}

void replace_marker(std::string& page, std::string_view marker, const std::string& with) {
  if (const std::size_t at = page.find(marker); at != std::string::npos) {
    page.replace(at, marker.size(), with);
  }
}

std::string trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

Result<std::string> question_page(const fs::path& assignment) {
  auto page = platform_file("scripts/prairielearn/question/question.html");
  if (!page) return page.failure();
  std::string html(*page);
  std::string handout;
  if (const fs::path readme = assignment / "README.md"; fs::exists(readme)) {
    auto text = read_file(readme.string());
    if (!text) return text.failure();
    handout = trimmed(*text);
    if (handout.find(kOpenDelimiter) != std::string::npos ||
        handout.find(kCloseDelimiter) != std::string::npos) {
      return Error{readme.string() + " contains " + std::string(kOpenDelimiter) + " or " +
                   std::string(kCloseDelimiter) + ", the delimiters question.html needs"};
    }
  }
  // Blank lines inside <markdown> keep its first and last lines apart from the tags.
  const std::string shown =
      handout.empty() ? ""
                      : "{{=<%tilegrade tilegrade%>=}}\n<markdown>\n\n" + handout +
                            "\n\n</markdown>\n<%tilegrade={{ }}=tilegrade%>";
  const std::string download =
      fs::exists(assignment / "starter.lua")
          ? R"(<p>Start from <pl-file-download file-name="starter.lua"></pl-file-download>.</p>)"
          : "";
  replace_marker(html, "<!-- tilegrade: handout -->", shown);
  replace_marker(html, "<!-- tilegrade: starter -->", download);
  return html;
}

Result<std::string> question_info(const fs::path& assignment, const std::string& image) {
  auto info_text = platform_file("scripts/prairielearn/question/info.json");
  if (!info_text) return info_text.failure();
  nlohmann::ordered_json info = nlohmann::ordered_json::parse(*info_text);
  auto spec_text = read_file((assignment / "assignment.json").string());
  if (!spec_text) return spec_text.failure();
  const nlohmann::json spec = nlohmann::json::parse(*spec_text, nullptr, false);
  info["uuid"] = fresh_uuid();
  if (spec.is_object() && spec.contains("title") && spec["title"].is_string()) {
    info["title"] = spec["title"];
  }
  info["externalGradingOptions"]["image"] = image;
  return info.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// Written as every file is (mode 0644), then made executable: the entrypoint and the binary.
Status write_executable(const fs::path& path, std::string_view bytes) {
  if (auto written = write_file_atomically(path.string(), bytes); !written) return written;
  std::error_code error;
  fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add, error);
  if (error) return Error{"cannot make " + path.string() + " executable: " + error.message(),
                          ErrorKind::Io};
  return success();
}

Status copy_folder(const fs::path& from, const fs::path& to) {
  auto found = files_under(from.string());
  if (!found) return found.failure();
  for (const FoundFile& file : *found) {
    const fs::path target = to / file.relative;
    if (auto made = make_output_folder(target.parent_path().string(), "the course folder");
        !made) {
      return made;
    }
    auto bytes = read_file(file.path, std::size_t{64} << 20);
    if (!bytes) return bytes.failure();
    if (auto written = write_file_atomically(target.string(), *bytes); !written) return written;
  }
  return success();
}

}  // namespace

Result<std::vector<std::string>> write_prairielearn_course(const PrairieLearnCourse& course) {
  const fs::path assignment(course.assignment_dir);
  const fs::path out(course.out_dir);
  const std::string name = assignment_name(course.assignment_dir);
  // Everything is read before anything is replaced: a refused handout leaves the course as it was.
  auto page = question_page(assignment);
  if (!page) return page.failure();
  auto info = question_info(assignment, course.image);
  if (!info) return info.failure();
  auto binary = read_file(course.binary, std::size_t{256} << 20);
  if (!binary) return binary.failure();
  auto entrypoint = platform_file("scripts/prairielearn/serverFilesCourse/tilegrade/run.sh");
  if (!entrypoint) return entrypoint.failure();

  const fs::path question = out / "questions" / name;
  const fs::path server = out / "serverFilesCourse" / "tilegrade";
  std::error_code error;
  for (const fs::path& old : {question, server}) {
    fs::remove_all(old, error);
    if (error) {
      return Error{"cannot replace " + old.string() + ": " + error.message(), ErrorKind::Io};
    }
  }
  for (const fs::path& folder : {question / "tests", server}) {
    if (auto made = make_output_folder(folder.string(), "the course folder"); !made) {
      return made.failure();
    }
  }
  if (auto w = write_executable(server / "run.sh", *entrypoint); !w) return w.failure();
  if (auto w = write_executable(server / "tilegrade", *binary); !w) return w.failure();
  if (auto copied = copy_folder(assignment, question / "tests" / "assignment"); !copied) {
    return copied.failure();
  }
  if (const fs::path starter = assignment / "starter.lua"; fs::exists(starter)) {
    auto bytes = read_file(starter.string());
    if (!bytes) return bytes.failure();
    if (auto made = make_output_folder((question / "clientFilesQuestion").string(),
                                       "the course folder");
        !made) {
      return made.failure();
    }
    const fs::path copy = question / "clientFilesQuestion" / "starter.lua";
    if (auto w = write_file_atomically(copy.string(), *bytes); !w) return w.failure();
  }
  if (auto w = write_file_atomically((question / "question.html").string(), *page); !w) {
    return w.failure();
  }
  if (auto w = write_file_atomically((question / "info.json").string(), *info); !w) {
    return w.failure();
  }
  return std::vector<std::string>{question.string(), server.string()};
}

}  // namespace tile::cli
