// The wrong searches a task's students may write, each as data the engine can run: the task's
// semantics with one mistake applied (or, for the wrong frontier or the wrong priority, another
// algorithm of the same loop). The space is derived from the vocabulary, not listed: every field
// of the task's resolved Semantics with each of its other values, read from the engine's own name
// tables (engine/semantics.cpp), so a value the engine learns joins the space by itself; each tie
// key dropped, added or turned FIFO/LIFO; the depth limit one off; every counter; and the
// algorithm swaps students really make. Diagnosis re-runs them to name a mistake; the adequacy
// report runs them on the task's tests to show which mistakes the tests can see. A code is
// `field-value` ("goal-test-on-generate", "cycle-check-none"), and its sentence lives in the
// catalogue of codes (grader/spec/diagnosis_codes.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search.h"
#include "grader/report/diagnosis_parts.h"
#include "grader/report/step_evidence.h"
#include "grader/spec/assignment.h"
#include "grader/spec/diagnosis_codes.h"
#include "grader/spec/diagnosis_proofs.h"

namespace tile {

struct Diagnosis {
  std::string code;         // stable, for reports and mutant files: "goal-test-on-generate"
  std::string explanation;  // one or two sentences for the student
  // A violated invariant's step and boards (grader/judge/invariants.h), as data report/ renders.
  std::optional<StepEvidence> step = {};
  // The catalogue entries the sentence was filled from, with their values: one, or two for two
  // mistakes at once, whose sentence report/ builds from them (grader/report/diagnosis_parts.h).
  std::vector<DiagnosisPart> parts = {};
  // What proves it, where the judge knows better than the code's own proof
  // (grader/spec/diagnosis_proofs.h): a variant that reproduces only some failing runs of the
  // task is said as what it is, an observation of this run. Empty: the code's proof.
  std::optional<Proof> proof = {};
  // The line of the student's file the claim is about where no step names it: the `return` that
  // gave a count (count-equals-{what}) or the path a path-family code is about
  // (StudentSearchRun::return_line). 0: none, or not known.
  std::uint32_t line = 0;
};

// The catalogue's code (or family member) and its sentence, both filled in from `values`
// (grader/spec/diagnosis_codes.h): the one way the judge names a mistake. By the row's id, so
// that a misspelt code fails the build rather than a student's grading.
Diagnosis named(DiagnosisId id, const Placeholders& values = {});
// The same for a key derived at run time from the vocabulary (a semantics field's value names
// "action-order-{order}"'s row, a frontier's key "frontier-not-least-" + "f"); throws
// std::out_of_range for a key not in the catalogue, a bug in the grader.
Diagnosis named_by_key(std::string_view key, const Placeholders& values = {});

struct Variant {
  std::string code;
  std::string explanation;
  // The task's resolved semantics with the mistake applied: what the variant's search runs, with
  // nothing left to resolve (under `algorithm`'s defaults where the mistake swaps the algorithm).
  ResolvedSemantics semantics;
  Algorithm algorithm;   // the task's, unless the mistake is the frontier or the priority
  Weight weight;         // weighted-astar's, for the weighted-priority mistake
  // Tells apart two variants of one code (the depth limit one less or one more): "61".
  std::string detail;
  // Only another counter returned (semantics.count differs): the same search, so diagnosis reads
  // it from the counters of every candidate instead of running it (counts-{counter}).
  bool counter_only = false;
  // Only the count is off by a constant (semantics.count_offset): the same search, its count one
  // too high. Most often another counter explains that count, so diagnosis names it last.
  bool count_offset = false;
  // The catalogue entries it is named by (two for two mistakes combined): its sentence as data.
  std::vector<DiagnosisPart> parts = {};
};

// The space for a task: each mistake that changes something under its semantics, the codes
// students have made most often first (diagnosis names the first that reproduces a run).
std::vector<Variant> mistake_catalogue(const Task& task);
// The same, with the codes derived but left out for want of a sentence in the catalogue of codes
// (a test holds this list empty for every algorithm).
std::vector<Variant> mistake_catalogue(const Task& task, std::vector<std::string>* unnamed);

// The task's reference search as a variant with an empty code (the first candidate diagnosis
// tries: a run it reproduces has nothing wrong under that test).
Variant reference_variant(const Task& task);

// The engine run of a variant on the task's problem (limits from the task).
SearchSpec variant_spec(const Task& task, const Variant& variant, Heuristic* heuristic,
                        bool record_trace);

// "at_depth_limit" as a code's field part: "at-depth-limit".
std::string code_word(std::string_view name);

}  // namespace tile
