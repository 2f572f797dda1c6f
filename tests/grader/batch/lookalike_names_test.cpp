// Student names that look alike after Unicode normalisation and confusable folding are told apart
// where they are shown, and their files never meet (issue 48 §2).
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "file_support.h"
#include "grader/batch/lookalike_names.h"
#include "grader/batch/students.h"

using namespace tile;
namespace fs = std::filesystem;

TEST_CASE("a name's skeleton folds what draws alike and keeps the rest") {
  const std::string nfc = "Jos\xc3\xa9";     // José, é precomposed
  const std::string nfd = "Jose\xcc\x81";    // José, e and a combining acute accent
  CHECK(name_skeleton(nfc) == "Jose");
  CHECK(name_skeleton(nfd) == "Jose");
  CHECK(name_skeleton("p\xd0\xb0ul") == "paul");                 // Cyrillic а
  CHECK(name_skeleton("\xef\xbd\x82ob") == "bob");               // full-width ｂ (NFKC)
  CHECK(name_skeleton("al\xe2\x80\x8bice") == "alice");          // a zero-width space
  // Greek Ολγα: Ο folds, λ stays
  CHECK(name_skeleton("\xce\x9f\xce\xbb\xce\xb3\xce\xb1") == "O\xce\xbb\xce\xb3\xce\xb1");
  CHECK(name_skeleton("\xe6\x9d\x8e") == "\xe6\x9d\x8e");        // 李: no Latin look-alike
  CHECK(name_skeleton("\xc5\x81ukasz") == "Lukasz");             // Ł
  CHECK(name_skeleton("M\xc3\xbcller") == "Muller");
  CHECK(name_skeleton("\xff") == "\xff");                        // not UTF-8: kept as it is
}

TEST_CASE("code points tell lookalike names apart") {
  CHECK(code_points_shown("Jos\xc3\xa9") == "Jos\\u{E9}");
  CHECK(code_points_shown("Jose\xcc\x81") == "Jose\\u{301}");
  CHECK(code_points_shown("p\xd0\xb0ul") == "p\\u{430}ul");
  CHECK(code_points_shown("a\\b\xff") == "a\\\\b\\xFF");
}

TEST_CASE("students whose names look alike are graded apart, shown apart and filed apart") {
  const fs::path root =
      fs::temp_directory_path() / ("tilegrade-lookalike-" + std::to_string(::getpid()));
  fs::remove_all(root);
  for (const char* name : {"Jos\xc3\xa9.lua", "Jose\xcc\x81.lua", "p\xd0\xb0ul.lua", "paul.lua",
                           "Zo\xc3\xab.lua", "ana.lua"}) {
    tile::testing::write_text(root / name, "-- a script");
  }
  std::vector<std::string> notes;
  const auto students = find_students(root.string(), &notes);
  REQUIRE(students);
  REQUIRE(students->size() == 6);
  std::vector<std::string> names;
  std::vector<std::string> keys;
  for (const StudentEntry& entry : *students) {
    names.push_back(entry.name);
    keys.push_back(entry.key);
  }
  // Byte order of the raw names: "Jose\xcc\x81" < "Jos\xc3\xa9"? 'e' (0x65) < 0xc3: yes.
  CHECK(names == std::vector<std::string>{"Jose\\u{301}", "Jos\\u{E9}", "Zo\xc3\xab", "ana",
                                          "paul", "p\\u{430}ul"});
  // Lookalikes get derived keys (ASCII, '~' and a hash): no file system can make them one file.
  for (std::size_t i : {0u, 1u, 4u, 5u}) {
    CAPTURE(keys[i]);
    CHECK(keys[i].find('~') != std::string::npos);
  }
  CHECK(keys[2] == "Zo\xc3\xab");  // a name alone in its look keeps its plain key
  CHECK(keys[3] == "ana");
  REQUIRE(notes.size() == 2);
  CHECK(notes[0] == "2 students have names that look alike (Jose\\u{301}, Jos\\u{E9}): each is "
                    "graded as their own and shown by the name's code points");
  CHECK(notes[1].find("(paul, p\\u{430}ul)") != std::string::npos);
  fs::remove_all(root);
}
