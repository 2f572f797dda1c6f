// docs/semantics.md's field table and `solve --help`'s list are written from the table of fields.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "engine/semantics_fields.h"
#include "grader/spec/semantics_reference.h"

using namespace tile;

namespace {

// The table of docs/semantics.md whose header begins "| field |", header and rule included.
std::string docs_table() {
  std::ifstream file(std::string(TILEGRADE_SOURCE_DIR) + "/docs/semantics.md");
  REQUIRE(file);
  std::string out;
  for (std::string line; std::getline(file, line);) {
    if (line.starts_with("| field |")) out += line + "\n";
    else if (!out.empty() && line.starts_with("|")) out += line + "\n";
    else if (!out.empty()) break;
  }
  return out;
}

}  // namespace

TEST_CASE("docs/semantics.md's table of fields is the table in engine/semantics_fields.h") {
  const std::string expected = semantics_field_table();
  // On a difference this prints the whole table to paste into docs/semantics.md.
  CHECK_MESSAGE(docs_table() == expected, "docs/semantics.md's table should read:\n" << expected);
}

TEST_CASE("the reference names every field with its values and its default per algorithm") {
  const std::string table = semantics_field_table();
  const std::string help = semantics_field_help();
  for_each_semantics_field([&](const auto& field) {
    CHECK(table.find("| `" + std::string(field.name) + "` |") != std::string::npos);
    CHECK(help.find("  " + std::string(field.name) + ": ") != std::string::npos);
  });
  CHECK(table.find("| `push_order` | `forward`, `reverse` | `reverse` for dfs/dls/iddfs/idastar, "
                   "`forward` otherwise |") != std::string::npos);
  CHECK(table.find("| `count_offset` | `-1`, `0`, `1` | `0` |") != std::string::npos);
  CHECK(help.find("  cycle_check: none, reverse-move, path\n      default reverse-move for "
                  "idastar, none otherwise\n") != std::string::npos);
  CHECK(help.find('`') == std::string::npos);
}
