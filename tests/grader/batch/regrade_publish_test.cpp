// Publishing a regrade puts the new grading where the old one was and keeps the old one whole in
// OLD_OUT/previous-N; each publication keeps its own.
#include "grader/batch/regrade_publish.h"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>

#include "tests/grader/batch/file_support.h"

using namespace tile;
using tile::testing::read_text;
using tile::testing::write_text;
namespace fs = std::filesystem;

namespace {

struct PublishFolders {
  fs::path root;
  PublishFolders() {
    std::string pattern = (fs::temp_directory_path() / "publish_test.XXXXXX").string();
    root = mkdtemp(pattern.data());
  }
  ~PublishFolders() {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }
  void grading(const char* side, const std::string& marker) const {
    write_text(root / side / "gradebook.csv", "student,score\nalice," + marker + "\n");
    write_text(root / side / "reports/alice.json", marker);
    write_text(root / side / "records/alice.json", marker);
    write_text(root / side / "class.json", marker);
  }
};

}  // namespace

TEST_CASE("publishing keeps the old grading in previous-1, then previous-2") {
  PublishFolders folders;
  folders.grading("old", "1");
  write_text(folders.root / "old/notes.txt", "the instructor's own file");
  folders.grading("new", "2");
  auto published =
      publish_regrade((folders.root / "old").string(), (folders.root / "new").string());
  REQUIRE(published);
  CHECK(published->kept == (folders.root / "old/previous-1").string());
  CHECK(published->moved ==
        std::vector<std::string>{"class.json", "gradebook.csv", "records", "reports"});
  CHECK(read_text(folders.root / "old/gradebook.csv") == "student,score\nalice,2\n");
  CHECK(read_text(folders.root / "old/reports/alice.json") == "2");
  CHECK(read_text(folders.root / "old/previous-1/gradebook.csv") == "student,score\nalice,1\n");
  CHECK(read_text(folders.root / "old/previous-1/records/alice.json") == "1");
  CHECK(read_text(folders.root / "old/notes.txt") == "the instructor's own file");
  CHECK(read_text(folders.root / "new/gradebook.csv") == "student,score\nalice,2\n");

  folders.grading("newer", "3");
  auto again = publish_regrade((folders.root / "old").string(), (folders.root / "newer").string());
  REQUIRE(again);
  CHECK(again->kept == (folders.root / "old/previous-2").string());
  CHECK(read_text(folders.root / "old/previous-2/reports/alice.json") == "2");
  CHECK(read_text(folders.root / "old/previous-1/reports/alice.json") == "1");
}

TEST_CASE("publishing refuses a folder that is no whole grading, and a folder onto itself") {
  PublishFolders folders;
  folders.grading("old", "1");
  fs::create_directories(folders.root / "half/reports");
  auto half = publish_regrade((folders.root / "old").string(), (folders.root / "half").string());
  REQUIRE_FALSE(half);
  CHECK(half.error().find("nothing to publish") != std::string::npos);
  auto same = publish_regrade((folders.root / "old").string(), (folders.root / "old").string());
  REQUIRE_FALSE(same);
  CHECK_FALSE(fs::exists(folders.root / "old/previous-1"));
  CHECK(read_text(folders.root / "old/reports/alice.json") == "1");
}
