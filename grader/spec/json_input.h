// JSON from outside (assignment.json, expected.json, semantics files, mutants' records, batch
// records): parsed so that no input ends in a crash or an internal error. nlohmann's parser and
// its values' destructor recurse once per nesting level, so 100,000 nested brackets overflow the
// stack; the depth is bounded by a flat scan before anything is parsed. A number out of range
// (1e400) and every other parser complaint become an error value, and a value quoted in a message
// is a short prefix, never the whole 100 KB of it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/result.h"

namespace tile {

// Far deeper than any assignment (which nests 6 levels), far shallower than the stack.
inline constexpr std::size_t kMaxJsonDepth = 64;

// The document in TEXT, or "WHAT: not valid JSON: reason" ("not valid JSON: reason" when WHAT is
// empty). Never throws.
Result<nlohmann::json> parse_json_input(std::string_view text, const std::string& what);

// read_file (regular files only, never blocking, size-capped) then parse_json_input.
Result<nlohmann::json> read_json_file(const std::string& path);

// A value as an error message quotes it: compact JSON, cut to about 60 characters.
std::string json_excerpt(const nlohmann::json& value);

}  // namespace tile
