#include "grader/spec/json_input.h"

#include <algorithm>

#include "engine/files.h"
#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

namespace {

// The deepest nesting of arrays and objects in TEXT, counting brackets outside strings. Stops
// counting past the limit. Malformed text is the parser's business: this only bounds its depth.
std::size_t nesting_depth(std::string_view text, std::size_t limit) {
  std::size_t depth = 0;
  std::size_t deepest = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (in_string) {
      if (ch == '\\') {
        ++i;  // whatever follows a backslash never ends the string
      } else if (ch == '"') {
        in_string = false;
      }
    } else if (ch == '"') {
      in_string = true;
    } else if (ch == '[' || ch == '{') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if ((ch == ']' || ch == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

}  // namespace

Result<json> parse_json_input(std::string_view text, const std::string& what_text) {
  const std::string what = what_text.empty() ? std::string() : what_text + ": ";
  if (nesting_depth(text, kMaxJsonDepth) > kMaxJsonDepth) {
    return Error{what + "not valid JSON here: arrays and objects nested more than " +
                 std::to_string(kMaxJsonDepth) + " deep"};
  }
  try {
    return json::parse(text);
  } catch (const json::exception& error) {
    // parse_error (syntax, invalid UTF-8) or out_of_range (a number such as 1e400).
    return Error{what + "not valid JSON: " + quoted_prefix(error.what(), 200)};
  } catch (const std::exception& error) {
    return Error{what + "cannot be parsed: " + quoted_prefix(error.what(), 200)};
  }
}

Result<json> read_json_file(const std::string& path) {
  auto text = read_file(path);
  if (!text) return text.failure();
  return parse_json_input(*text, path);
}

std::string json_excerpt(const json& value) {
  // ensure_ascii: every non-ASCII character is a \uXXXX escape, so the text is plain ASCII and
  // cuts anywhere; JSON already escapes control characters.
  constexpr std::size_t kShown = 60;
  const std::string text = value.dump(-1, ' ', true, json::error_handler_t::replace);
  if (text.size() <= kShown) return text;
  return text.substr(0, kShown) + "... (" + std::to_string(text.size()) + " characters)";
}

}  // namespace tile
