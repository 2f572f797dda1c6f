#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "grader/cli/output.h"
#include "tests/grader/cli/stream_capture.h"

using namespace tile;
using namespace tile::cli;
using tile::testing::printed;

TEST_CASE("a failure is one line on stderr naming the command, with its kind's exit code") {
  int code = 0;
  const auto said =
      printed([&] { code = Output("tilegrade grade", false).fail(Error{"no such file: a.lua"}); });
  CHECK(code == 2);
  CHECK(said.out.empty());
  CHECK(said.err == "tilegrade grade: no such file: a.lua\n");
}

TEST_CASE("with --json a failure is one {\"error\": ...} document on stdout, none on stderr") {
  int code = 0;
  const Error unwritten{"cannot write out/", ErrorKind::Io};
  const auto said = printed([&] { code = Output("tilegrade batch", true).fail(unwritten); });
  CHECK(code == 3);
  CHECK(said.err.empty());
  const auto document = nlohmann::json::parse(said.out);
  CHECK(document == nlohmann::json{{"error", "cannot write out/"}});
}

TEST_CASE("an error its command's own document already said adds no line, only its code") {
  int code = 0;
  const Error said_already{"", ErrorKind::Internal};
  const auto said = printed([&] { code = Output("tilegrade batch", false).fail(said_already); });
  CHECK(code == 3);
  CHECK(said.out.empty());
  CHECK(said.err.empty());
}

TEST_CASE("a message cannot rewrite the terminal or break the line") {
  const std::string line = printed([] {
    (void)Output("tilegrade grade", false).fail(Error{"bad \x1b[2Jname\nsecond line"});
  }).err;
  CHECK(line.find('\x1b') == std::string::npos);
  CHECK(line.find('\n') == line.size() - 1);  // the one line break ends the line
  CHECK(line.find("name") != std::string::npos);
}

TEST_CASE("a huge message is cut, and says how long it was") {
  const std::string line = printed([] {
    (void)Output("tilegrade grade", false).fail(Error{std::string(100'000, 'x')});
  }).err;
  CHECK(line.size() < 2'200);
  CHECK(line.find("(100000 bytes in all)") != std::string::npos);
}

TEST_CASE("bytes that are not UTF-8 in a JSON failure are escaped, never an internal error") {
  const std::string out =
      printed([] { (void)Output("tilegrade grade", true).fail(Error{"bad name \xff\xfe"}); }).out;
  const auto document = nlohmann::json::parse(out);
  CHECK(document["error"] == "bad name \\xFF\\xFE");  // as reports write them
}

TEST_CASE("an output folder: made with its parents; a file in the way is named") {
  const auto root = std::filesystem::temp_directory_path() /
                    ("tilegrade-output-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root);

  CHECK(make_output_folder((root / "a/b/c").string(), "--out"));
  CHECK(std::filesystem::is_directory(root / "a/b/c"));

  std::ofstream(root / "file") << "x";
  // The folder named is itself a file: the option is the thing to change.
  const Status named_file = make_output_folder((root / "file").string(), "--out");
  REQUIRE(!named_file);
  CHECK(named_file.error_kind() == ErrorKind::BadInput);
  CHECK(named_file.error().find("it is a file") != std::string::npos);
  // A file where a parent folder must be: the output cannot be written.
  const Status below_file = make_output_folder((root / "file/below").string(), "--out");
  REQUIRE(!below_file);
  CHECK(below_file.error_kind() == ErrorKind::Io);
  CHECK(below_file.error().rfind("cannot write --out ", 0) == 0);

  std::filesystem::remove_all(root);
}
