// The class report's regrade section (class.json's "regrade", written by grader/batch/regrade.h):
// what a regrade changed, student by student, largest change first, drawn for class.html.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace tile {

// A <section> of class.html for `regrade` (regrade_json's document): the stamps before and after,
// and a table of the students who changed with their old and new score and each reason. Every
// string is escaped.
std::string regrade_section_html(const nlohmann::json& regrade);

}  // namespace tile
