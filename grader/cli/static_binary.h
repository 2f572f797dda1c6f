// Whether a program can run in a platform's bare image (debian:bookworm-slim, Gradescope's base
// image): an x86-64 ELF file that asks for no program interpreter (ld.so) and names no shared
// library. Read from its headers, as `readelf -l -d` shows them, without running it.
#pragma once

#include <string>

#include "engine/result.h"

namespace tile::cli {

// success() for a statically linked x86-64 program; otherwise the reason, naming PATH ("asks for
// the interpreter /lib64/ld-linux-x86-64.so.2", "needs libfmt.so.9", "not an ELF file").
[[nodiscard]] Status check_static_binary(const std::string& path);

// The self-contained tilegrade to put in a bundle: GIVEN when it is not empty; else this program
// when it is static (an installed package's); else static/tilegrade beside it (a build tree's).
// An error says which was tried and how to build one.
[[nodiscard]] Result<std::string> static_binary_to_ship(const std::string& given);

}  // namespace tile::cli
