#include "grader/batch/lookalike_names.h"

#include <cstdint>
#include <optional>

#include <fmt/core.h>

namespace tile {

namespace {

using namespace std::string_view_literals;

// The next code point of `text` at `at` (advancing it), or nullopt for a byte that starts no valid
// UTF-8 sequence (then `at` moves past that byte alone).
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char first = byte(at);
  std::size_t length = 0;
  char32_t value = 0;
  if (first < 0x80) {
    ++at;
    return first;
  } else if ((first & 0xE0) == 0xC0 && first >= 0xC2) {
    length = 2;
    value = first & 0x1F;
  } else if ((first & 0xF0) == 0xE0) {
    length = 3;
    value = first & 0x0F;
  } else if ((first & 0xF8) == 0xF0 && first <= 0xF4) {
    length = 4;
    value = first & 0x07;
  } else {
    ++at;
    return std::nullopt;
  }
  if (at + length > text.size()) {
    ++at;
    return std::nullopt;
  }
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) {
      ++at;
      return std::nullopt;
    }
    value = (value << 6) | (byte(at + i) & 0x3F);
  }
  const bool overlong = (length == 3 && value < 0x800) || (length == 4 && value < 0x10000);
  if (overlong || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
    ++at;
    return std::nullopt;
  }
  at += length;
  return value;
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// Marks drawn over or under the letter before them, and characters drawn as nothing.
bool invisible(char32_t c) {
  return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) ||
         (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
         (c >= 0xFE20 && c <= 0xFE2F) || c == 0x00AD || c == 0x034F || c == 0x061C ||
         (c >= 0x180B && c <= 0x180F) || (c >= 0x200B && c <= 0x200F) ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F) ||
         (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF;
}

// Latin-1 Supplement's letters U+00C0..U+00FF by their base letter ('\0': none, kept).
// (Æ and æ, C6 and E6, are two letters: looks_like takes them first.)
constexpr std::string_view kLatin1 =
    "AAAAAAACEEEEIIII"        // C0..CF
    "DNOOOOO\0OUUUUY\0s"     // D0..DF (D7 ×, DE Þ kept)
    "aaaaaaaceeeeiiii"        // E0..EF
    "dnooooo\0ouuuuy\0y"sv;  // F0..FF
static_assert(kLatin1.size() == 64);

// Latin Extended-A, U+0100..U+017F, in pairs of upper and lower case: each pair's base letter.
constexpr std::string_view kLatinExtendedA =
    "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIi\0\0JjKkkLlLlLlLlLlNnNnNnnNnOoOoOo\0\0RrRrRr"
    "SsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs"sv;
static_assert(kLatinExtendedA.size() == 128);

// Cyrillic and Greek letters drawn like a Latin one.
char confusable_latin(char32_t c) {
  switch (c) {
    case 0x0410: return 'A'; case 0x0412: return 'B'; case 0x0415: return 'E';
    case 0x041A: return 'K'; case 0x041C: return 'M'; case 0x041D: return 'H';
    case 0x041E: return 'O'; case 0x0420: return 'P'; case 0x0421: return 'C';
    case 0x0422: return 'T'; case 0x0425: return 'X'; case 0x0405: return 'S';
    case 0x0406: return 'I'; case 0x0408: return 'J'; case 0x0430: return 'a';
    case 0x0435: return 'e'; case 0x043E: return 'o'; case 0x0440: return 'p';
    case 0x0441: return 'c'; case 0x0443: return 'y'; case 0x0445: return 'x';
    case 0x0455: return 's'; case 0x0456: return 'i'; case 0x0458: return 'j';
    case 0x04BB: return 'h'; case 0x0501: return 'd'; case 0x051B: return 'q';
    case 0x051D: return 'w'; case 0x0391: return 'A'; case 0x0392: return 'B';
    case 0x0395: return 'E'; case 0x0396: return 'Z'; case 0x0397: return 'H';
    case 0x0399: return 'I'; case 0x039A: return 'K'; case 0x039C: return 'M';
    case 0x039D: return 'N'; case 0x039F: return 'O'; case 0x03A1: return 'P';
    case 0x03A4: return 'T'; case 0x03A5: return 'Y'; case 0x03A7: return 'X';
    case 0x03BF: return 'o'; case 0x03BD: return 'v'; case 0x03B9: return 'i';
    case 0x0131: return 'i'; case 0x0269: return 'i';
    default: return '\0';
  }
}

// One code point as it looks: a string of ASCII letters, "" for an invisible one, or nullopt to
// keep it as it is.
std::optional<std::string> looks_like(char32_t c) {
  if (invisible(c)) return std::string();
  if (c == 0xC6) return std::string("AE");
  if (c == 0xE6) return std::string("ae");
  if (c >= 0xC0 && c <= 0xFF && kLatin1[c - 0xC0] != '\0') return std::string(1, kLatin1[c - 0xC0]);
  if (c >= 0x100 && c <= 0x17F && c - 0x100 < kLatinExtendedA.size() &&
      kLatinExtendedA[c - 0x100] != '\0') {
    return std::string(1, kLatinExtendedA[c - 0x100]);
  }
  if (c >= 0xFF01 && c <= 0xFF5E) {  // full-width forms of ASCII
    return std::string(1, static_cast<char>(c - 0xFEE0));
  }
  if (c == 0x3000 || c == 0x00A0 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F) {
    return std::string(" ");
  }
  if (c >= 0x1D400 && c <= 0x1D6A3) {  // mathematical alphanumerics: A..Z, a..z in 13 styles
    const char32_t index = (c - 0x1D400) % 52;
    return std::string(1, static_cast<char>(index < 26 ? 'A' + index : 'a' + index - 26));
  }
  if (const char latin = confusable_latin(c)) return std::string(1, latin);
  return std::nullopt;
}

}  // namespace

std::string name_skeleton(std::string_view raw_name) {
  std::string out;
  for (std::size_t at = 0; at < raw_name.size();) {
    const std::size_t start = at;
    const auto c = next_code_point(raw_name, at);
    if (!c) {
      out.append(raw_name.substr(start, at - start));
    } else if (auto looks = looks_like(*c)) {
      out += *looks;
    } else {
      append_utf8(out, *c);
    }
  }
  return out;
}

std::string code_points_shown(std::string_view raw_name) {
  std::string out;
  for (std::size_t at = 0; at < raw_name.size();) {
    const std::size_t start = at;
    const auto c = next_code_point(raw_name, at);
    if (!c) {
      out += fmt::format("\\x{:02X}", static_cast<unsigned char>(raw_name[start]));
    } else if (*c == '\\') {
      out += "\\\\";
    } else if (*c >= 0x20 && *c < 0x7F) {
      out += static_cast<char>(*c);
    } else {
      out += fmt::format("\\u{{{:X}}}", static_cast<std::uint32_t>(*c));
    }
  }
  return out;
}

}  // namespace tile
