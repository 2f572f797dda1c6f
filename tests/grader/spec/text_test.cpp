#include <doctest/doctest.h>

#include <string>

#include "grader/spec/json_input.h"
#include "grader/spec/text.h"

using namespace tile;

TEST_CASE("escaped_text shows any bytes as one line of valid UTF-8, distinctly") {
  CHECK(escaped_text("alice") == "alice");
  CHECK(escaped_text("Jos\xc3\xa9") == "Jos\xc3\xa9");  // UTF-8 stays
  CHECK(escaped_text("Jos\xe9") == "Jos\\xE9");         // Latin-1 does not
  CHECK(escaped_text(std::string("a\0b\n\t\x7f", 6)) == "a\\x00b\\x0A\\x09\\x7F");
  CHECK(escaped_text("a\\xE9") == "a\\\\xE9");  // a literal backslash never looks like an escape
  CHECK(escaped_text("\xe2\x80\xae" "evil") == "\\u{202E}evil");
  CHECK(escaped_text("\xc2\x85") == "\\u{0085}");  // C1 control
}

TEST_CASE("visible_text keeps lines and tabs and replaces what XML or a reader cannot take") {
  CHECK(visible_text("one\n\ttwo \\ three") == "one\n\ttwo \\ three");
  CHECK(visible_text(std::string("nul\0!", 5)) == "nul\\x00!");
  CHECK(visible_text("\xff") == "\xef\xbf\xbd");
  CHECK(visible_text("\xef\xbf\xbe") == "\\u{FFFE}");
  CHECK(visible_text("\r") == "\\x0D");
}

TEST_CASE("quoted_prefix quotes a short prefix of a long value") {
  const std::string huge(100'000, 'x');
  const std::string quoted = quoted_prefix(huge);
  CHECK(quoted.size() < 100);
  CHECK(quoted.find("(100000 bytes)") != std::string::npos);
  CHECK(quoted_prefix("short") == "short");
  // Never cuts inside a character: 3 characters of 3 bytes each.
  CHECK(quoted_prefix("\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac", 3) ==
        "\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac... (12 bytes)");
}

TEST_CASE("parse_json_input bounds nesting and turns every parser complaint into an error") {
  // 200,000 levels once overflowed the stack (SIGSEGV) of grade and validate.
  const std::string deep = std::string(200'000, '[') + std::string(200'000, ']');
  const auto refused = parse_json_input(deep, "assignment.json");
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("nested more than 64") != std::string::npos);
  const std::string deep_object = "{\"title\": " + std::string(150'000, '{');
  CHECK_FALSE(parse_json_input(deep_object, "x"));
  // Brackets inside strings are not nesting.
  CHECK(parse_json_input("{\"a\": \"" + std::string(1000, '[') + "\\\"]\"}", "x"));
  CHECK(parse_json_input(std::string(64, '[') + std::string(64, ']'), "x"));
  CHECK_FALSE(parse_json_input(std::string(65, '[') + std::string(65, ']'), "x"));

  const auto overflow = parse_json_input("{\"points\": 1e400}", "assignment.json");  // out_of_range
  REQUIRE_FALSE(overflow);
  CHECK(overflow.error().find("assignment.json: not valid JSON") == 0);
  CHECK_FALSE(parse_json_input("{\"a\": \"\xff\"}", "x"));
  CHECK_FALSE(parse_json_input("", "x"));
}

TEST_CASE("json_excerpt quotes a short prefix of a large value") {
  nlohmann::json list = nlohmann::json::array();
  for (int i = 0; i < 100'000; ++i) list.push_back(i);
  const std::string excerpt = json_excerpt(list);
  CHECK(excerpt.size() < 120);
  CHECK(excerpt.starts_with("[0,1,2,"));
  CHECK(json_excerpt(nlohmann::json("caf\xc3\xa9")) == "\"caf\\u00e9\"");
}

TEST_CASE("counted says one thing in the singular and others in the plural") {
  CHECK(counted(0, "expansion") == "0 expansions");
  CHECK(counted(1, "expansion") == "1 expansion");
  CHECK(counted(12, "test") == "12 tests");
}

TEST_CASE("every_one_of says every one of a set as a person does, never \"all 2\"") {
  CHECK(every_one_of(1, "board") == "the one board");
  CHECK(every_one_of(2, "board") == "both boards");
  CHECK(every_one_of(6, "board") == "all 6 boards");
}
