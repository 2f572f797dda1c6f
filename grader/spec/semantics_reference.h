// The reference of the semantics fields, written from their table (engine/semantics_fields.h):
// docs/semantics.md's field table (a test regenerates it and compares) and `solve --help`'s list.
#pragma once

#include <string>

namespace tile {

// The markdown table, header included, one row per field, each line ending in "\n".
std::string semantics_field_table();

// One line per field for a terminal: name, values, default, and where it applies.
std::string semantics_field_help();

}  // namespace tile
