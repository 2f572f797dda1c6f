// Naming a submission's mistake: a search's, or a function task's wrong answer.
//
// When a student's path, count or expansion order differs from the engine's, the engine is re-run
// under a catalogue of common wrong semantics (mistake_catalogue.h: goal test on generate, no
// duplicate detection, ...) and the first variant whose path, count and expansion order all equal
// the student's names the mistake (for a run the expansion budget stopped: whose expansions begin
// as the student's did).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grader/spec/assignment.h"
#include "grader/judge/mistake_catalogue.h"
#include "grader/judge/pairs.h"
#include "grader/judge/path_family.h"
#include "grader/student/student_run.h"

namespace tile {

struct ObservedTree;

// A completed run is matched on path, count and expansion order; a run the expansion budget
// stopped, on its expansions being the start of the variant's. When no variant reproduces the
// run, a mistake read from the returned path itself (reversed, tile-centred, ...) is named.
// Nullopt: nothing wrong under this test, or no mistake of the catalogue explains the run.
std::optional<Diagnosis> diagnose_search(const Task& task, const TestCase& test,
                                         const StudentSearchRun& run);

// The evidence of all of a student's runs of one task together: a mistake is named only when it
// is consistent with every run (the passing ones too), so two variants that happen to agree on
// one board are told apart by the others; when two mistakes remain, both are named ("X or Y").
// When no single mistake explains every run, each test falls back to its own evidence. Computed
// on the first call, so a task whose tests all pass costs nothing.
class TaskDiagnoser {
 public:
  TaskDiagnoser(const Task& task, std::vector<const TestCase*> tests,
                std::vector<const StudentSearchRun*> runs);
  ~TaskDiagnoser();
  // The diagnosis of the test at `position` in the lists given to the constructor.
  std::optional<Diagnosis> diagnose(std::size_t position);
  // What the evidence names before a path-only task's reading (diagnose() applies it).
  std::optional<Diagnosis> read_evidence(std::size_t position);
  // Each test's cheapest path cost, where the engine computed it (Expectation::optimal_cost),
  // in the constructor's order: a path-only task then says how much dearer a path that reaches
  // the goal is, where nothing else names its run.
  void know_optimal_costs(std::vector<std::optional<std::int64_t>> costs) {
    optimal_costs_ = std::move(costs);
  }

 private:
  struct Evidence;
  // How far each candidate follows the failing runs' expansions: what pairs are guided by.
  std::vector<std::size_t> guide_pairs(Heuristic* heuristic) const;
  // The other runs of the task that show a mistake (the reference does not reproduce them, and
  // the task checks the order, so each such difference fails a test); none for a path-only task.
  std::vector<std::size_t> failing_elsewhere(std::size_t position) const;
  // How many of the task's failing runs a candidate must reproduce to be named on one of them.
  enum class Share { Every, Half };
  // The one reading of a share, for every confirmation (a variant, a pair, a path-only swap):
  // whether `confirms` holds on that share of the failing runs, the one being named (which it
  // holds on) and `others`. Stops as soon as the answer is certain: a pair's reruns are dear.
  static bool share_confirms(const std::vector<std::size_t>& others, Share share,
                             const std::function<bool(std::size_t)>& confirms);
  // Whether the candidate (read with `counter`) reproduces that share of the failing runs,
  // `position`'s (which it reproduces) included.
  bool confirmed_elsewhere(std::size_t position, std::size_t candidate, CountKind counter,
                           Share share) const;
  // The mistake (or "Either" two) that `position`'s run and that share of the failing runs
  // confirm; nullopt when none does.
  std::optional<Diagnosis> confirmed_variant(std::size_t position, Share share) const;
  // The same for two mistakes at once.
  bool pair_confirmed(std::size_t position, CandidatePair pair) const;
  // A path-only task: how the swaps' styles read a run (cached), and the swap that `position`'s
  // run and at least half of the runs no style of the reference returns show, of two or more.
  const PathSwapReading& path_reading(std::size_t position, Heuristic* heuristic);
  std::optional<Diagnosis> confirmed_path_swap(std::size_t position, Heuristic* heuristic);
  // "count-offset-minus-one": `position`'s count is the task's counter less one, and so is every
  // failing run's (at least two, each with the reference's path and order), while no run with a
  // count above 0 gets the counter right. One board alone proves nothing: a count one too few
  // matches too many wrong counts by chance.
  std::optional<Diagnosis> count_one_below_everywhere(std::size_t position);
  // Whether no failing run of the task expands a board of certainly higher key than one waiting
  // (frontier-not-least-*): only then is a tie out of order the mistake, not a key computed
  // wrongly that happened to tie there ("ties-not-lexicographic").
  bool keys_kept_everywhere(Heuristic* heuristic);
  // The word of the one count-equals-{what} that names every other failing run of the task by
  // itself (at least one, each with the reference's path and order and a count no counter
  // explains); empty when they differ or any is unnamed.
  std::string count_word_everywhere(std::size_t position, Heuristic* heuristic) const;
  // The word of the count-equals-{what} that is an identity of the task (the one proof a count
  // fact may be stated with): this run's count is that number of its own run, and so is every
  // other run's, the passing ones included. A count that is right on one board and equals the
  // goal tests on another is no identity: a count of 2 per expansion, say, matches some other
  // number of the run here and there by chance. Empty when none holds everywhere.
  std::string count_identity(std::size_t position, Heuristic* heuristic,
                             const ObservedTree& own_tree) const;
  const Task& task_;
  std::vector<const TestCase*> tests_;
  std::vector<const StudentSearchRun*> runs_;
  std::unique_ptr<Evidence> evidence_;
  std::vector<std::optional<std::int64_t>> optimal_costs_;
};

// A variant the task's failing runs confirm only in part (it reproduces this run and at least
// half of the others, not all), said as the observation it is: this run is exactly that
// mistake's run, the others are not. Nullopt for two mistakes at once.
std::optional<Diagnosis> reproduced_on_this_run(const Diagnosis& variant);

// A task that checks the path alone reads each run alone, so a search rule that returns this
// run's path is seen on this run only: said as that observation, never as a cause; a rule the
// handout leaves free (how ties fall, the moves' order, the end children are pushed from), or
// two rules at once, not at all (issue 47: "two mistakes" on a path-only task whose half was a
// tie-break the handout allows). A path's own mistake, a goal layout or a fact passes unchanged,
// and so does a diagnosis whose proof the judge gave (a priority swap that every failing run of
// the task shows is an exact variant of its paths).
std::optional<Diagnosis> path_only_reading(const Diagnosis& diagnosis);

// A claim about the returned path (a code of the path family) points at the line of the
// `return` that gave it (StudentSearchRun::return_line), unless it names a line already.
void point_at_returned_path(Diagnosis& diagnosis, const StudentSearchRun& run);

// Names a function task's wrong answer (never called with an accepted one). "tile-centred-move":
// the board of the opposite slide (the tile moved that way, not the blank); "wrong-direction":
// another slide's board; "allowed-an-impossible-move", "refused-a-possible-move", "wrong-board",
// "wrong-goal-test". One answer read alone (function_patterns.h reads a task's together): a
// refusal is only ever named as a refusal.
Diagnosis diagnose_answer(BoardFunction function, const Board& board, const Board& goal,
                          const FunctionValue& got);

// "Expansion 4 differs: ..." with both boards drawn side by side; nullopt when equal.
std::optional<std::string> first_divergence(const std::vector<Board>& student,
                                            const std::vector<Board>& reference);

// Two boards next to each other under their captions, for reports.
std::string draw_side_by_side(const Board& left, const std::string& left_caption,
                              const Board& right, const std::string& right_caption);

// What a counter counts, in the words a student reads ("goal tests", not "goal-tests"), for a
// search with a frontier it pops from.
std::string count_phrase(CountKind kind);

// A depth-first search that marks no state (dls, iddfs, idastar or dfs with duplicates "none") is
// written recursively, as AIMA's RECURSIVE-DLS and Korf's IDA* are: it pops nothing.
bool is_recursive_shape(Algorithm algorithm, const ResolvedSemantics& resolved);

// The same, in the words of the task's shape: a recursive search is told of calls and nodes
// reached, never of pops, and an iterative-deepening one of the rounds its count adds up.
// `resolved` is the task's semantics as resolve() gives them.
std::string count_phrase(CountKind kind, Algorithm algorithm,
                         const ResolvedSemantics& resolved);

}  // namespace tile
