// The lines of a script as statements, blocks and bodies: what the repair's moved and copied
// statements are placed by.
#include "grader/edit/lua_lines.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace tile;

namespace {

LuaLines lines_of(std::string_view script) {
  auto tokens = lua_tokens(script);
  REQUIRE(tokens.ok());
  return lua_lines(script, *tokens);
}

}  // namespace

TEST_CASE("one-line statements, the blocks that take whole lines, and the bodies of branches") {
  const std::string_view script =
      "local n = 0\n"          // 1
      "for i = 1, 3 do\n"      // 2
      "  n = n + i\n"          // 3
      "  if n > 2 then\n"      // 4
      "    break\n"            // 5
      "  else\n"               // 6
      "    n = n\n"            // 7
      "  end\n"                // 8
      "end\n"                  // 9
      "local t = {\n"          // 10: a bracket open across the line's end
      "  1, 2}\n"              // 11
      "local m = n +\n"        // 12: an operator that goes on into the next line
      "  1\n"                  // 13
      "if m then m = 1 end\n"  // 14: a block on one line is one statement
      "return m\n";            // 15
  const LuaLines lines = lines_of(script);
  CHECK(lines.statements == std::vector<int>{1, 3, 5, 7, 14, 15});

  REQUIRE(lines.blocks.size() == 2);
  const LuaBlock* loop = lines.starting_at(2);
  REQUIRE(loop != nullptr);
  CHECK(loop->last_line == 9);
  CHECK(loop->loop);
  CHECK(lines.ending_at(8) == lines.starting_at(4));
  CHECK_FALSE(lines.starting_at(4)->loop);
  CHECK(lines.enclosing(3) == loop);
  CHECK(lines.enclosing(5) == lines.starting_at(4));
  CHECK(lines.enclosing(1) == nullptr);

  // What a statement can be moved past: the statement or block on the code line next to it,
  // never the line that opens its own body.
  CHECK(lines.unit_after(1) == std::pair{2, 9});
  CHECK(lines.unit_before(14) == std::pair{0, 0});  // line 13 goes on from line 12
  CHECK(lines.unit_before(15) == std::pair{14, 14});
  CHECK(lines.unit_before(3) == std::pair{0, 0});

  std::vector<std::pair<int, int>> bodies;
  for (const LuaBody& body : lines.bodies) bodies.emplace_back(body.first_line, body.last_line);
  CHECK(bodies == std::vector<std::pair<int, int>>{{5, 5}, {7, 7}, {3, 8}});
}

TEST_CASE("a function is a block; its opener may follow `local`, and its body is no branch") {
  const LuaLines lines = lines_of("local function f(x)\n  return x\nend\nf(1)\n");
  REQUIRE(lines.blocks.size() == 1);
  CHECK(lines.blocks[0].function);
  CHECK(lines.blocks[0].first_line == 1);
  CHECK(lines.blocks[0].last_line == 3);
  CHECK(lines.bodies.empty());
  CHECK(lines.statements == std::vector<int>{2, 4});
}
