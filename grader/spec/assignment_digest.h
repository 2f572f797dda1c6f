// The assignment's digest: what every report is stamped with and what a batch's records are made
// under, so that a regrade can tell "the assignment changed" from "the student's script changed".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "grader/spec/assignment.h"
#include "grader/spec/expectation.h"

namespace tile {

// Hex FNV-1a (64 bits, 16 digits) of `bytes`: how stamps and records name a script's, a report's
// or an assignment's content.
std::string content_hash(std::string_view bytes);

// content_hash of assignment.json's bytes as written (the spec and its tests), a newline, and the
// engine's expected outputs for every test as compact JSON (expectation.h: the content of
// expected.json, keys sorted), then each task's Lua heuristic script (an instructor's, named in
// assignment.json). Any change to a test, a weight, a semantics field, an expected count or such
// a script changes it; the same files give the same digest on any machine.
std::string assignment_digest(const Assignment& assignment,
                              const std::vector<Expectation>& expectations);

}  // namespace tile
