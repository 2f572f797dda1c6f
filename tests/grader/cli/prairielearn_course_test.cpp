#include <doctest/doctest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "engine/files.h"
#include "grader/cli/bundle.h"
#include "tests/grader/cli/scratch_folder.h"

using namespace tile;
using namespace tile::cli;
using tile::testing::scratch_folder;
using tile::testing::kSourceTree;

namespace {

namespace fs = std::filesystem;


}  // namespace

TEST_CASE("the PrairieLearn question: handout, starter, the binary and a fresh uuid") {
  const fs::path out = scratch_folder("bundle-prairielearn");
  const fs::path binary = out / "built-tilegrade";
  REQUIRE(write_file_atomically(binary.string(), "the binary"));
  const std::string assignment = kSourceTree + "/assignments/sliding-tile-practice";
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
  fs::copy(kSourceTree + "/assignments/slider-2x3", assignment, fs::copy_options::recursive);
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
