// The gradebook's fixed columns, named once: batch/gradebook.cpp writes its header from these, and
// the assignment reader refuses a task of the same name (each task is a column between the totals
// and the status), so no gradebook ever has two columns of one name. Here, below both, because an
// assignment is read before any gradebook exists and a layer includes only the layers below it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace tile::gradebook_columns {

inline constexpr std::string_view kStudent = "student";
// With a roster or a Gradescope export: who submitted, what an LMS import matches on.
inline constexpr std::array<std::string_view, 3> kIdentity = {"sid", "email", "name"};
inline constexpr std::array<std::string_view, 2> kTotals = {"score", "max_score"};
// After the tasks' columns.
inline constexpr std::array<std::string_view, 2> kTrailing = {"status", "diagnoses"};

// The fixed column a task named `name` would repeat, compared without regard to ASCII case
// (spreadsheets and LMS imports match headers so), or nullopt when it repeats none.
std::optional<std::string_view> repeated_column(std::string_view name);

// Every fixed column, in the order a gradebook with identity columns has them ("student, sid,
// ..."): for messages.
std::string all_fixed_columns();

}  // namespace tile::gradebook_columns
