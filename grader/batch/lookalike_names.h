// Student names that look alike (issue 48 §2). A name is the student's own bytes, and two byte
// strings can show as the same word: "José" with a precomposed é (NFC) and with e and a
// combining accent (NFD), a Cyrillic "а" in "pаul", a full-width "ｂob" (NFKC folds it), a
// zero-width space.
// Such students are different people to the grader, and must look different to the people who
// read the gradebook and open the reports (and a file system that normalises names, as macOS's
// does, must not make their files one).
//
// A name's skeleton is what it looks like: combining marks, zero-width and other invisible
// characters dropped, precomposed Latin letters taken to their base letter, full-width and other
// compatibility forms (NFKC) taken to ASCII, and the Cyrillic and Greek letters that are drawn like
// Latin ones taken to those. It is written here from the Unicode charts, for the scripts names in a
// class are written in; a letter it does not know is kept as it is (so names in other scripts are
// compared byte for byte).
#pragma once

#include <string>
#include <string_view>

namespace tile {

// The name as it looks; an invalid UTF-8 byte is kept as it is.
std::string name_skeleton(std::string_view raw_name);

// The name with every character outside printable ASCII as \u{HHHH} (a byte that is not UTF-8 as
// \xHH, a backslash as \\): how two lookalike names are told apart where they are shown.
std::string code_points_shown(std::string_view raw_name);

}  // namespace tile
