// Additive pattern databases as one heuristic: the sum of the values of disjoint patterns, and,
// where the goal allows it (goal_mirror.h), the larger of that sum and the sum for the board's
// mirror image. PdbHeuristic plugs it into the generic engine; fast_idastar.h reads the same
// tables directly, incrementally, and must agree with estimate() on every board.
//
// The reflection pays when the partition is not its own mirror image: Korf's 100 instances with
// the 6-6-3 split take 40.6 million nodes with it, 172 million without. A partition that the
// reflection maps onto itself (every pattern's mirror image is again one of its patterns, as for
// the 3x3 pairs 1-5, 2-6, 3-7, 4-8 under blank-first) gains nothing: the mirrored sum is the same
// sum, term for term.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/goal_mirror.h"
#include "engine/heuristic.h"
#include "engine/pattern_database.h"
#include "engine/pdb_cache.h"
#include "engine/pdb_partition.h"

namespace tile {

struct PdbOptions {
  std::string partition = "default";  // pdb_partition.h
  bool mirror = true;                 // use the reflection where the goal allows it
  PdbCache cache;
};

// What happened to each pattern's table while opening (for `tilegrade pdb build` and reports).
struct PdbFileReport {
  std::vector<int> tiles;
  std::string path;
  PdbSource source = PdbSource::Loaded;
  std::string note;
  double seconds = 0;
  bool saved = false;
  std::uint64_t entries = 0;
  int max_value = 0;
  double mean_value = 0;
};

class AdditivePdb {
 public:
  // Loads each pattern's table from the cache, building (and caching) the missing ones.
  static Result<std::shared_ptr<const AdditivePdb>> open(
      const Board& goal, const PdbOptions& options, std::vector<PdbFileReport>* report = nullptr,
      const PatternDatabase::Progress& progress = {});
  // From tables already in memory (tests build small ones without touching a cache). The tables
  // must be for `goal` and disjoint.
  static Result<std::shared_ptr<const AdditivePdb>> from_databases(
      const Board& goal, std::string name, std::vector<PatternDatabase> databases, bool mirror);

  int estimate(const Board& board) const;  // max of the sums, when mirrored
  int sum(const Board& board) const;       // the plain additive sum, no mirror

  const Board& goal() const { return goal_; }
  const std::vector<PatternDatabase>& databases() const { return databases_; }
  // Set when the reflection is in use.
  const std::optional<GoalMirror>& mirror() const { return mirror_; }
  const std::string& partition_name() const { return name_; }
  std::string describe() const;  // "6-6-3, mirrored"

 private:
  AdditivePdb() = default;

  Board goal_;
  std::string name_;
  std::vector<PatternDatabase> databases_;
  std::optional<GoalMirror> mirror_;
};

class PdbHeuristic final : public Heuristic {
 public:
  PdbHeuristic(std::shared_ptr<const AdditivePdb> pdb, std::string label)
      : pdb_(std::move(pdb)), label_(std::move(label)) {}
  std::optional<std::int64_t> estimate(const Board& board) override {
    return pdb_->estimate(board);
  }
  std::string name() const override { return label_; }
  const std::shared_ptr<const AdditivePdb>& pdb() const { return pdb_; }

 private:
  std::shared_ptr<const AdditivePdb> pdb_;
  std::string label_;
};

// True for the heuristic names served here: "pdb" and "pdb:SPEC" (SPEC a partition spelling).
bool is_pdb_heuristic_name(std::string_view name);
// The heuristic for such a name, tables from `cache` (default folder when empty). Opening the same
// goal and partition again while a previous one is alive shares its tables.
Result<std::unique_ptr<Heuristic>> make_pdb_heuristic(std::string_view name, const Board& goal,
                                                      const PdbCache& cache = {});

}  // namespace tile
