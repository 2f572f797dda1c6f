#include "engine/additive_pdb.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>

namespace tile {

Result<std::shared_ptr<const AdditivePdb>> AdditivePdb::open(
    const Board& goal, const PdbOptions& options, std::vector<PdbFileReport>* report,
    const PatternDatabase::Progress& progress) {
  auto partition = parse_partition(goal, options.partition);
  if (!partition) return partition.failure();
  std::vector<PatternDatabase> databases;
  for (const auto& tiles : partition->patterns) {
    auto opened = open_pdb(goal, tiles, options.cache, progress);
    if (!opened) return opened.failure();
    if (report) {
      report->push_back(PdbFileReport{tiles, opened->path, opened->source, opened->note,
                                      opened->seconds, opened->saved, opened->db.entries(),
                                      opened->db.max_value(), opened->db.mean_value()});
    }
    databases.push_back(std::move(opened->db));
  }
  return from_databases(goal, partition->name, std::move(databases), options.mirror);
}

Result<std::shared_ptr<const AdditivePdb>> AdditivePdb::from_databases(
    const Board& goal, std::string name, std::vector<PatternDatabase> databases, bool mirror) {
  std::array<bool, kMaxCells> used{};
  for (const auto& db : databases) {
    if (!(db.goal() == goal)) return Error{"a pattern database was built for another goal"};
    for (int tile : db.tiles()) {
      if (used[static_cast<std::size_t>(tile)]) {
        return Error{"tile " + std::to_string(tile) + " is in two patterns; they must be disjoint"};
      }
      used[static_cast<std::size_t>(tile)] = true;
    }
  }
  auto pdb = std::shared_ptr<AdditivePdb>(new AdditivePdb());
  pdb->goal_ = goal;
  pdb->name_ = std::move(name);
  pdb->databases_ = std::move(databases);
  if (mirror) pdb->mirror_ = goal_mirror(goal);
  return std::shared_ptr<const AdditivePdb>(std::move(pdb));
}

int AdditivePdb::sum(const Board& board) const {
  int total = 0;
  for (const auto& db : databases_) total += db.lookup(board);
  return total;
}

int AdditivePdb::estimate(const Board& board) const {
  const int plain = sum(board);
  if (!mirror_) return plain;
  return std::max(plain, sum(mirror_->apply(board)));
}

std::string AdditivePdb::describe() const { return name_ + (mirror_ ? ", mirrored" : ""); }

bool is_pdb_heuristic_name(std::string_view name) {
  return name == "pdb" || name.starts_with("pdb:");
}

Result<std::unique_ptr<Heuristic>> make_pdb_heuristic(std::string_view name, const Board& goal,
                                                      const PdbCache& cache) {
  if (!is_pdb_heuristic_name(name)) {
    std::string message(name);  // appended, not prefixed: GCC 12 warns falsely on "x" + string
    message += " does not name a pattern database heuristic";
    return Error{message};
  }
  PdbOptions options;
  options.partition = name == "pdb" ? "default" : std::string(name.substr(4));
  options.cache = cache;
  // Graders open the same heuristic for task after task; while one copy is alive, later ones share
  // its tables instead of reading them again.
  static std::mutex mutex;
  static std::map<std::string, std::weak_ptr<const AdditivePdb>> alive;
  const std::string key = format_tiles(goal) + "|" + format_shape(goal.shape) + "|" +
                          options.partition + "|" +
                          (cache.dir.empty() ? default_cache_dir() : cache.dir);
  std::shared_ptr<const AdditivePdb> pdb;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto found = alive.find(key);
    if (found != alive.end()) pdb = found->second.lock();
  }
  if (!pdb) {
    auto opened = AdditivePdb::open(goal, options);
    if (!opened) return opened.failure_in("heuristic " + std::string(name) + ": ");
    pdb = std::move(*opened);
    std::lock_guard<std::mutex> lock(mutex);
    alive[key] = pdb;
  }
  return std::unique_ptr<Heuristic>(
      std::make_unique<PdbHeuristic>(std::move(pdb), std::string(name)));
}

}  // namespace tile
