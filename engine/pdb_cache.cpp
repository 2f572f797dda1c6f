#include "engine/pdb_cache.h"

#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include "engine/files.h"

namespace tile {

namespace {

constexpr char kMagic[8] = {'T', 'I', 'L', 'E', 'P', 'D', 'B', '\n'};
constexpr std::uint32_t kVersion = 1;
constexpr std::size_t kHeaderSize = 72;
constexpr std::size_t kGoalOffset = 16;
constexpr std::size_t kTilesOffset = 41;
constexpr std::size_t kEntriesOffset = 56;
constexpr std::size_t kChecksumOffset = 64;

using Header = std::array<unsigned char, kHeaderSize>;

void put_u64(Header& header, std::size_t offset, std::uint64_t value) {
  for (int i = 0; i < 8; ++i)
    header[offset + static_cast<std::size_t>(i)] = static_cast<unsigned char>(value >> (8 * i));
}
std::uint64_t get_u64(const Header& header, std::size_t offset) {
  std::uint64_t value = 0;
  for (int i = 0; i < 8; ++i) {
    value |= static_cast<std::uint64_t>(header[offset + static_cast<std::size_t>(i)]) << (8 * i);
  }
  return value;
}

Header make_header(const Board& goal, const std::vector<int>& tiles, std::uint64_t entries,
                   std::uint64_t checksum) {
  Header header{};
  std::memcpy(header.data(), kMagic, sizeof kMagic);
  for (int i = 0; i < 4; ++i)
    header[8 + static_cast<std::size_t>(i)] = static_cast<unsigned char>(kVersion >> (8 * i));
  header[12] = static_cast<unsigned char>(goal.shape.rows);
  header[13] = static_cast<unsigned char>(goal.shape.cols);
  header[14] = static_cast<unsigned char>(tiles.size());
  for (int cell = 0; cell < goal.cells(); ++cell) {
    header[kGoalOffset + static_cast<std::size_t>(cell)] =
        static_cast<unsigned char>(goal.at(cell));
  }
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    header[kTilesOffset + i] = static_cast<unsigned char>(tiles[i]);
  }
  put_u64(header, kEntriesOffset, entries);
  put_u64(header, kChecksumOffset, checksum);
  return header;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::string default_cache_dir() {
  if (const char* dir = std::getenv("TILEGRADE_CACHE"); dir && *dir) return dir;
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::string(home) + "/.cache/tilegrade";
  }
  return ".tilegrade-cache";
}

std::string pdb_file_name(const Board& goal, const std::vector<int>& tiles) {
  std::string name = format_shape(goal.shape) + "_";
  for (int cell = 0; cell < goal.cells(); ++cell) {
    if (cell > 0) name += '-';
    name += std::to_string(goal.at(cell));
  }
  name += "_t";
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i > 0) name += '-';
    name += std::to_string(tiles[i]);
  }
  return name + ".pdb";
}

std::uint64_t pdb_checksum(const std::vector<std::uint8_t>& values) {
  std::uint64_t hash = 0x9E3779B97F4A7C15ULL ^ values.size();
  auto mix = [&hash](std::uint64_t word) {
    hash ^= word;
    hash *= 0xBF58476D1CE4E5B9ULL;
    hash ^= hash >> 31;
  };
  std::size_t i = 0;
  for (; i + 8 <= values.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, values.data() + i, 8);
    mix(word);
  }
  std::uint64_t tail = 0;
  for (std::size_t shift = 0; i < values.size(); ++i, shift += 8) {
    tail |= static_cast<std::uint64_t>(values[i]) << shift;
  }
  mix(tail);
  return hash;
}

Result<PatternDatabase> read_pdb_file(const std::string& path, const Board& goal,
                                      const std::vector<int>& tiles) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot open " + path};
  Header header{};
  in.read(reinterpret_cast<char*>(header.data()), static_cast<std::streamsize>(header.size()));
  if (in.gcount() != static_cast<std::streamsize>(header.size())) {
    return Error{path + " is truncated (no complete header)"};
  }
  const std::uint64_t entries = placement_count(goal.cells(), static_cast<int>(tiles.size()));
  const std::uint64_t stored_checksum = get_u64(header, kChecksumOffset);
  const Header expected = make_header(goal, tiles, entries, stored_checksum);
  if (header != expected) {
    return Error{path + " does not hold this pattern for this goal (header mismatch)"};
  }
  std::vector<std::uint8_t> values(entries);
  in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(entries));
  if (static_cast<std::uint64_t>(in.gcount()) != entries) {
    return Error{path + " is truncated (" + std::to_string(in.gcount()) + " of " +
                 std::to_string(entries) + " values)"};
  }
  if (in.peek() != std::char_traits<char>::eof()) {
    return Error{path + " has bytes after its values"};
  }
  if (pdb_checksum(values) != stored_checksum) {
    return Error{path + " fails its checksum (damaged or partly written)"};
  }
  return PatternDatabase::from_values(goal, tiles, std::move(values));
}

Status write_pdb_file(const std::string& path, const PatternDatabase& db) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), error);
  if (error) return Error{"cannot create " + target.parent_path().string() + ": " + error.message()};
  // Concurrent builders each write their own temporary file and rename it: readers see either no
  // file or a whole one.
  const Header header = make_header(db.goal(), db.tiles(), db.entries(), pdb_checksum(db.values()));
  return write_file_atomically(
      path, {std::string_view(reinterpret_cast<const char*>(header.data()), header.size()),
             std::string_view(reinterpret_cast<const char*>(db.values().data()),
                              db.values().size())});
}

std::string_view pdb_source_name(PdbSource source) {
  switch (source) {
    case PdbSource::Loaded: return "loaded";
    case PdbSource::Built: return "built";
    case PdbSource::Rebuilt: return "rebuilt";
  }
  return "?";
}

Result<OpenedPdb> open_pdb(const Board& goal, const std::vector<int>& tiles, const PdbCache& cache,
                           const PatternDatabase::Progress& progress) {
  if (auto pattern = check_pattern(goal, tiles); !pattern) return pattern.failure();
  const auto start = std::chrono::steady_clock::now();
  const std::string dir = cache.dir.empty() ? default_cache_dir() : cache.dir;
  const std::string path = (std::filesystem::path(dir) / pdb_file_name(goal, tiles)).string();
  std::error_code error;
  const bool exists = std::filesystem::exists(path, error);

  std::string why_rebuilt;
  if (exists && !cache.force_rebuild) {
    auto loaded = read_pdb_file(path, goal, tiles);
    if (loaded) {
      return OpenedPdb{
          std::move(*loaded), PdbSource::Loaded, path, "", seconds_since(start), false};
    }
    why_rebuilt = loaded.error();
  } else if (exists) {
    why_rebuilt = "rebuild forced";
  }
  if (!cache.build_missing) {
    return Error{exists ? why_rebuilt : "no pattern database at " + path + " and building is off"};
  }
  auto built = PatternDatabase::build(goal, tiles, progress);
  if (!built) return built.failure();
  OpenedPdb opened{std::move(*built),
                   exists ? PdbSource::Rebuilt : PdbSource::Built,
                   path,
                   why_rebuilt,
                   0,
                   false};
  if (auto written = write_pdb_file(path, opened.db); !written) {
    opened.note += std::string(opened.note.empty() ? "" : "; ") + "not cached: " + written.error();
  } else {
    opened.saved = true;
  }
  opened.seconds = seconds_since(start);
  return opened;
}

}  // namespace tile
