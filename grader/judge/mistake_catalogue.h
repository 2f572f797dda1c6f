// The common wrong searches a task's students write, each as data the engine can run: the task's
// semantics with one mistake applied (and, for the wrong frontier or the wrong priority, another
// algorithm of the same loop). Diagnosis re-runs them to name a mistake; the adequacy report runs
// them on the task's tests to show which mistakes the tests can see. No mistake is special-cased
// in code: a new one is a new entry here, with its code and sentence in the catalogue of codes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/search.h"
#include "grader/spec/assignment.h"
#include "grader/spec/diagnosis_codes.h"

namespace tile {

struct Diagnosis {
  std::string code;         // stable, for reports and mutant files: "goal-test-on-generate"
  std::string explanation;  // one or two sentences for the student
};

// The catalogue's code (or family member) and its sentence, both filled in from `values`
// (grader/spec/diagnosis_codes.h): the one way the judge names a mistake.
Diagnosis named(std::string_view key, const Placeholders& values = {});

struct Variant {
  std::string code;
  std::string explanation;
  Semantics semantics;   // the task's resolved semantics with the mistake applied
  Algorithm algorithm;   // the task's, unless the mistake is the frontier or the priority
  Weight weight;         // weighted-astar's, for the weighted-priority mistake
  // Tells apart two variants of one code (the depth limit one less or one more): "61".
  std::string detail;
};

// The catalogue for a task: each common mistake that makes a difference under its semantics.
std::vector<Variant> mistake_catalogue(const Task& task);

// The task's reference search as a variant with an empty code (the first candidate diagnosis
// tries: a run it reproduces has nothing wrong under that test).
Variant reference_variant(const Task& task);

// The engine run of a variant on the task's problem (limits from the task).
SearchSpec variant_spec(const Task& task, const Variant& variant, Heuristic* heuristic,
                        bool record_trace);

}  // namespace tile
