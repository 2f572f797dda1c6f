#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "engine/files.h"
#include "grader/cli/bundle.h"

using namespace tile;
using namespace tile::cli;

namespace {

namespace fs = std::filesystem;

const std::string kSource = TILEGRADE_SOURCE_DIR;

fs::path scratch_folder(const char* name) {
  const fs::path dir = fs::temp_directory_path() /
                       (std::string("tilegrade-") + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

bool has(const std::vector<ZipEntry>& entries, const std::string& name, bool executable) {
  return std::any_of(entries.begin(), entries.end(), [&](const ZipEntry& entry) {
    return entry.name == name && entry.executable == executable;
  });
}

}  // namespace

TEST_CASE("the Gradescope zip: scripts at the root, the binary, the assignment and reference") {
  const fs::path dir = scratch_folder("bundle-gradescope");
  REQUIRE(write_file_atomically((dir / "tilegrade").string(), "the binary"));
  const std::string assignment = kSource + "/assignments/slider-2x3";
  const std::string reference = kSource + "/reference/slider-2x3";
  const auto entries = gradescope_entries({assignment, reference, (dir / "tilegrade").string(), ""});
  REQUIRE(entries);
  CHECK(std::is_sorted(entries->begin(), entries->end(),
                       [](const ZipEntry& a, const ZipEntry& b) { return a.name < b.name; }));
  CHECK(has(*entries, "setup.sh", true));
  CHECK(has(*entries, "run_autograder", true));
  CHECK(has(*entries, "tilegrade/build/tilegrade", true));
  CHECK(has(*entries, "assignment/assignment.json", false));
  CHECK(has(*entries, "assignment/expected.json", false));
  CHECK(has(*entries, "reference/solution.lua", false));
  CHECK(has(*entries, "reference/mutants/ucs_unit_cost.lua", false));
  // One entry per file of the two folders, and the three above.
  const auto assignment_files = files_under(assignment);
  const auto reference_files = files_under(reference);
  REQUIRE(assignment_files);
  REQUIRE(reference_files);
  CHECK(entries->size() == 3 + assignment_files->size() + reference_files->size());
  fs::remove_all(dir);
}

TEST_CASE("a Gradescope zip from source carries what setup.sh builds with, and no tests") {
  const std::string assignment = kSource + "/assignments/slider-2x3";
  const auto entries =
      gradescope_entries({assignment, kSource + "/reference/slider-2x3", "", kSource});
  REQUIRE(entries);
  for (const char* name : {"tilegrade/CMakeLists.txt", "tilegrade/lua/lua.cmake",
                           "tilegrade/grader/cli/platform_files.cmake",
                           "tilegrade/scripts/gradescope/run_autograder",
                           "tilegrade/grader/cli/main.cpp", "tilegrade/engine/board.h"}) {
    CAPTURE(name);
    CHECK(has(*entries, name, false));
  }
  CHECK(has(*entries, "tilegrade/scripts/setup.sh", true));
  for (const ZipEntry& entry : *entries) {
    CAPTURE(entry.name);
    CHECK(entry.name.rfind("tilegrade/tests/", 0) != 0);
    CHECK(entry.name.rfind("tilegrade/build", 0) != 0);
  }
  const auto not_source = gradescope_entries({assignment, assignment, "", kSource + "/docs"});
  REQUIRE_FALSE(not_source);
  CHECK(not_source.error().find("not a tilegrade source tree") != std::string::npos);
}

TEST_CASE("hidden files and folders stay out of a bundle") {
  const fs::path dir = scratch_folder("bundle-hidden");
  fs::create_directories(dir / ".git" / "objects");
  fs::create_directories(dir / "tests");
  REQUIRE(write_file_atomically((dir / ".git" / "objects" / "x").string(), "x"));
  REQUIRE(write_file_atomically((dir / ".notes").string(), "x"));
  REQUIRE(write_file_atomically((dir / "tests" / "a.json").string(), "x"));
  REQUIRE(write_file_atomically((dir / "assignment.json").string(), "x"));
  const auto found = files_under(dir.string());
  REQUIRE(found);
  REQUIRE(found->size() == 2);
  CHECK((*found)[0].relative == "assignment.json");
  CHECK((*found)[1].relative == "tests/a.json");
  fs::remove_all(dir);
}

TEST_CASE("the PrairieLearn question: handout, starter, the binary and a fresh uuid") {
  const fs::path out = scratch_folder("bundle-prairielearn");
  const fs::path binary = out / "built-tilegrade";
  REQUIRE(write_file_atomically(binary.string(), "the binary"));
  const std::string assignment = kSource + "/assignments/sliding-tile-practice";
  const PrairieLearnCourse course{assignment + "/", (out / "course").string(), binary.string(),
                                  "example/image:1"};
  const auto written = write_prairielearn_course(course);
  REQUIRE(written);
  const fs::path question = out / "course" / "questions" / "sliding-tile-practice";
  const fs::path server = out / "course" / "serverFilesCourse" / "tilegrade";
  CHECK((*written)[0] == question.string());
  CHECK(*read_file((server / "tilegrade").string()) == "the binary");
  CHECK((fs::status(server / "run.sh").permissions() & fs::perms::owner_exec) != fs::perms::none);
  CHECK(*read_file((question / "clientFilesQuestion" / "starter.lua").string()) ==
        *read_file(assignment + "/starter.lua"));
  CHECK(fs::exists(question / "tests" / "assignment" / "expected.json"));

  const std::string page = *read_file((question / "question.html").string());
  const std::string handout = *read_file(assignment + "/README.md");
  const std::string first_line = handout.substr(0, handout.find('\n'));
  CHECK(page.find(first_line) != std::string::npos);
  CHECK(page.find("{{=<%tilegrade tilegrade%>=}}") != std::string::npos);
  CHECK(page.find(R"(<pl-file-download file-name="starter.lua">)") != std::string::npos);
  CHECK(page.find("<!-- tilegrade:") == std::string::npos);

  const auto info = nlohmann::json::parse(*read_file((question / "info.json").string()));
  const auto spec = nlohmann::json::parse(*read_file(assignment + "/assignment.json"));
  CHECK(info["title"] == spec["title"]);
  CHECK(info["externalGradingOptions"]["image"] == "example/image:1");
  const std::string uuid = info["uuid"];
  CHECK(std::regex_match(uuid, std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-"
                                          "[0-9a-f]{12}")));
  REQUIRE(write_prairielearn_course(course));  // made again: replaced, with a uuid of its own
  const auto again = nlohmann::json::parse(*read_file((question / "info.json").string()));
  CHECK(again["uuid"] != uuid);
  fs::remove_all(out);
}

TEST_CASE("a handout holding question.html's delimiters is refused before anything is replaced") {
  const fs::path out = scratch_folder("bundle-delimiters");
  const fs::path assignment = out / "odd";
  fs::copy(kSource + "/assignments/slider-2x3", assignment, fs::copy_options::recursive);
  REQUIRE(write_file_atomically((assignment / "README.md").string(), "see <%tilegrade here\n"));
  fs::create_directories(out / "course" / "questions" / "odd");
  REQUIRE(write_file_atomically((out / "course" / "questions" / "odd" / "keep").string(), "x"));
  const auto written =
      write_prairielearn_course({assignment.string(), (out / "course").string(),
                                 (assignment / "README.md").string(), "debian:bookworm-slim"});
  REQUIRE_FALSE(written);
  CHECK(written.error().find("the delimiters question.html needs") != std::string::npos);
  CHECK(fs::exists(out / "course" / "questions" / "odd" / "keep"));
  fs::remove_all(out);
}
