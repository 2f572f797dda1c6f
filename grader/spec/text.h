// Text that came from outside (file names, JSON values, a script's messages) made safe to show.
// Any byte string goes in; what comes out is valid UTF-8 that says what the bytes were, so no
// name or message can break a JSON writer, an XML parser or a terminal, or pass for other text.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tile {

// The length (2-4) of the well-formed UTF-8 sequence that starts at text[at] (no overlong forms,
// no surrogates, nothing above U+10FFFF), or 0 when the byte there starts none. ASCII is not a
// sequence here: callers handle it themselves.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

// The code point of a well-formed sequence of that length.
std::uint32_t utf8_code_point(std::string_view text, std::size_t at, std::size_t length);

// Code points that change how the text around them is shown without being seen themselves: the
// bidirectional embeddings, overrides and isolates (U+202A-E, U+2066-9), the direction marks
// (U+200E, U+200F, U+061C). A reader must see them ("[U+202E]"), or they can reorder the text.
bool is_bidi_control(std::uint32_t code_point);

// Bytes as one printable line of valid UTF-8: a byte that starts no character, a control
// character (tab and newline included), DEL, a bidi control and U+FFFE/U+FFFF are written as
// \xHH or \u{HHHH}, and a backslash as \\ (so two different byte strings never print the same).
std::string escaped_text(std::string_view bytes);

// Multi-line text (a script's output, a report's message) shown as it is wherever it can be: the
// same as escaped_text but keeping tab and newline, and writing U+FFFD for a byte that starts no
// character (as browsers and JSON writers do). NUL, other control characters, bidi controls and
// U+FFFE/U+FFFF are shown as \xHH or \u{HHHH}; XML 1.0 forbids them and NUL would cut a C string.
std::string visible_text(std::string_view bytes);

// A number of things as a sentence says it: "1 expansion", "2 expansions" (nouns that take "s").
std::string counted(std::uint64_t value, std::string_view noun);
// "both boards", "all 6 boards", "the one board": every one of a counted set, as a person says it
// (never "all 2 boards").
std::string every_one_of(std::uint64_t value, std::string_view noun);

// A path's moves as letters ("ULLD"), shown: whole when at most `keep` moves, else the first
// `keep` and "... (999998 moves in all, the first 2000 shown)", so a path a script may make as
// long as its budget never makes a page that long.
std::string cut_moves(std::string_view moves, std::size_t keep);

// A value quoted in an error message: escaped_text of at most max_chars of it, with "... (N bytes)"
// when it was cut, so a 100 KB value never becomes a 100 KB message.
std::string quoted_prefix(std::string_view bytes, std::size_t max_chars = 60);

}  // namespace tile
