// Lua's own lexer, driven token by token: every token's bytes must be exactly its spelling in the
// script (names, keywords, numerals of every form, operators), and its line the line it is on,
// since the edits replace those bytes and point students at those lines.
#include "grader/edit/lua_tokens.h"

#include <doctest/doctest.h>

using namespace tile;

namespace {

std::vector<std::string> spellings(std::string_view script) {
  auto tokens = lua_tokens(script);
  REQUIRE(tokens.ok());
  std::vector<std::string> out;
  for (const LuaToken& token : *tokens)
    out.push_back(token.kind == TokenClass::String ? "<string>" : std::string(token.text(script)));
  return out;
}

}  // namespace

TEST_CASE("every token's bytes are its spelling, comments and spaces between skipped") {
  std::string_view script =
      "local n = 0x1F + 3. // 2 -- a comment\n"
      "--[==[ a long\n comment ]==]\n"
      "if a ~= b and c <= d then t[#t + 1] = 'x\\n' .. [[long]] end ... ::top::";
  CHECK(spellings(script) == std::vector<std::string>{
                                 "local", "n", "=", "0x1F", "+", "3.", "//", "2", "if", "a", "~=",
                                 "b", "and", "c", "<=", "d", "then", "t", "[", "#", "t", "+", "1",
                                 "]", "=", "<string>", "..", "<string>", "end", "...", "::", "top",
                                 "::"});
}

TEST_CASE("a token's line is the line it is written on, and the last token reaches the end") {
  std::string_view script = "x = 1\n\n  y = x\nreturn y";
  auto tokens = lua_tokens(script).value();
  REQUIRE(tokens.size() == 8);
  CHECK(tokens[0].line == 1);
  CHECK(tokens[3].line == 3);
  CHECK(tokens[3].begin == 9);
  CHECK(tokens[7].line == 4);
  CHECK(tokens[7].end == script.size());
  CHECK(tokens[2].kind == TokenClass::Integer);
  CHECK(tokens[6].kind == TokenClass::Keyword);
}

TEST_CASE("the lexer's own error is said, with its line") {
  auto tokens = lua_tokens("x = 1\ny = 'unfinished\n");
  REQUIRE_FALSE(tokens.ok());
  CHECK(tokens.error().find(":2:") != std::string::npos);
  CHECK(tokens.error().find("unfinished string") != std::string::npos);
}

TEST_CASE("lua_compiles is Lua's parser: it refuses what is not Lua and runs nothing") {
  CHECK(lua_compiles("return 1 + 2").ok());
  CHECK(lua_compiles("while true do end").ok());  // compiled, never run
  auto broken = lua_compiles("if x then");
  REQUIRE_FALSE(broken.ok());
  CHECK(broken.error().find("'end' expected") != std::string::npos);
  CHECK_FALSE(lua_compiles(std::string("\x1bLua", 4)).ok());  // bytecode: text chunks only
}
