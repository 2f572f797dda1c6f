#include "grader/spec/text.h"

#include <fmt/core.h>

namespace tile {

std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    const unsigned char next = byte(at + i);
    if (next < (i == 1 ? low : 0x80) || next > (i == 1 ? high : 0xBF)) return 0;
  }
  return length;
}

std::uint32_t utf8_code_point(std::string_view text, std::size_t at, std::size_t length) {
  static constexpr unsigned char kLeadMask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  std::uint32_t code = static_cast<unsigned char>(text[at]) & kLeadMask[length];
  for (std::size_t i = 1; i < length; ++i) {
    code = (code << 6) | (static_cast<unsigned char>(text[at + i]) & 0x3F);
  }
  return code;
}

bool is_bidi_control(std::uint32_t code_point) {
  return (code_point >= 0x202A && code_point <= 0x202E) ||
         (code_point >= 0x2066 && code_point <= 0x2069) || code_point == 0x200E ||
         code_point == 0x200F || code_point == 0x061C;
}

namespace {

// Appends the escaped form of the character at text[at]; returns how many bytes it took.
// multi_line: tab and newline pass, a backslash is itself and a bad byte is U+FFFD.
std::size_t escape_one(std::string_view text, std::size_t at, std::string& out,
                       bool multi_line = false) {
  const auto byte = static_cast<unsigned char>(text[at]);
  if (byte < 0x80) {
    if (multi_line && (byte == '\t' || byte == '\n' || byte == '\\')) {
      out += static_cast<char>(byte);
    } else if (byte == '\\') {
      out += "\\\\";
    } else if (byte < 0x20 || byte == 0x7F) {
      out += fmt::format("\\x{:02X}", byte);
    } else {
      out += static_cast<char>(byte);
    }
    return 1;
  }
  const std::size_t length = utf8_sequence_length(text, at);
  if (length == 0) {
    if (multi_line) {
      out += "\xEF\xBF\xBD";
      return 1;
    }
    out += fmt::format("\\x{:02X}", byte);
    return 1;
  }
  const std::uint32_t code = utf8_code_point(text, at, length);
  if (is_bidi_control(code) || code == 0xFFFE || code == 0xFFFF || (code >= 0x80 && code < 0xA0)) {
    out += fmt::format("\\u{{{:04X}}}", code);
  } else {
    out.append(text.substr(at, length));
  }
  return length;
}

}  // namespace

std::string escaped_text(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (std::size_t at = 0; at < bytes.size();) at += escape_one(bytes, at, out);
  return out;
}

std::string visible_text(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (std::size_t at = 0; at < bytes.size();) at += escape_one(bytes, at, out, true);
  return out;
}

std::string quoted_prefix(std::string_view bytes, std::size_t max_chars) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t chars = 0; at < bytes.size() && chars < max_chars; ++chars) {
    at += escape_one(bytes, at, out);
  }
  if (at < bytes.size()) out += fmt::format("... ({} bytes)", bytes.size());
  return out;
}

std::string counted(std::uint64_t value, std::string_view noun) {
  return std::to_string(value) + " " + std::string(noun) + (value == 1 ? "" : "s");
}

std::string cut_moves(std::string_view moves, std::size_t keep) {
  if (moves.size() <= keep) return std::string(moves);
  return std::string(moves.substr(0, keep)) + "... (" + counted(moves.size(), "move") +
         " in all, the first " + std::to_string(keep) + " shown)";
}

std::string every_one_of(std::uint64_t value, std::string_view noun) {
  if (value == 1) return "the one " + std::string(noun);
  if (value == 2) return "both " + std::string(noun) + "s";
  return "all " + counted(value, noun);
}

}  // namespace tile
