// The class report's behavioural similarity section (class.json's "similarity"): groups of
// students whose failed runs share behaviour that is rare in this class, each with its evidence
// and how rare it is. MOSS and JPlag have no Lua front end, and a script renamed, reformatted and
// recommented still searches the same way: identical wrong behaviour is the evidence here.
//
// It is a signal for a person to look at, never a verdict or a penalty: students may have worked
// together as allowed, or reached the same unusual mistake on their own. So rarity is the point,
// and a failed test the judge explains by one named mistake is never evidence: every student who
// makes that mistake runs the same search, so sharing it says only that they made it (the
// misconception tables count that).
//
// Three kinds of evidence, each shared by at least two and at most rare_limit() graded students:
//   trace   the same boards expanded in the same order (their digest and count) on a failed test;
//   counts  the same wrong count returned on at least kSharedCounts tests;
//   pair    the same two mistakes named together (a "+" pair) in a task.
#pragma once

#include <cstddef>
#include <vector>

#include <nlohmann/json.hpp>

#include "grader/report/class_report.h"

namespace tile {

// How many tests with the same rare wrong count link two students.
inline constexpr std::size_t kSharedCounts = 3;

// The most students that may share a behaviour for it to count as rare in a class of `graded`:
// two, or one in twenty.
std::size_t rare_limit(std::size_t graded);

// {"note", "rare_limit", "groups": [{"students", "reports", "evidence": [...]}]}: each group is
// the graded students of `students` (in student order) who share the same rare evidence, every
// one of them with every other (a student may be in several groups; two students who each share
// something with a third but nothing with each other are never in one), most evidence first
// (then by first name); each evidence item has its "kind", its fields, "students" (names)
// and the "sentence" the page shows (docs/grading-a-class.md lists the fields).
nlohmann::json similarity_json(const std::vector<ClassStudent>& students);

}  // namespace tile
