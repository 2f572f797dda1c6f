// Pattern databases on disk: one file per (board shape, goal, pattern) in a cache folder, rebuilt
// when missing, checked by checksum when read, written atomically (a temporary file renamed into
// place) so that parallel grading jobs never read half a file.
//
// File format, little-endian, a 72-byte header then the values:
//   0  8  magic "TILEPDB\n"
//   8  4  format version (1)
//  12  1  rows      13  1  cols      14  1  pattern tile count k      15  1  zero
//  16 25  goal tiles, row-major (cells beyond rows*cols are zero)
//  41 11  pattern tiles in rank order (beyond k zero)
//  52  4  zero
//  56  8  number of values, cells!/(cells-k)!
//  64  8  checksum of the values (pdb_checksum)
//  72  .  one byte per placement rank (permutation_rank.h); 255 = unreachable placement
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/pattern_database.h"
#include "engine/result.h"

namespace tile {

struct PdbCache {
  std::string dir;             // empty: default_cache_dir()
  bool build_missing = true;   // false: a missing or damaged file is an error instead of a build
  bool force_rebuild = false;  // build and overwrite even when a good file exists
};

// $TILEGRADE_CACHE when set, else $HOME/.cache/tilegrade, else .tilegrade-cache in the working
// directory.
std::string default_cache_dir();

// e.g. "4x4_0-1-2-3-4-5-6-7-8-9-10-11-12-13-14-15_t1-2-3-4-5-6.pdb"
std::string pdb_file_name(const Board& goal, const std::vector<int>& tiles);

// 64-bit multiply-xorshift hash of the values, eight bytes per step (a gigabyte in well under a
// second); it catches truncation, bit rot and files from another build, not deliberate forgery.
std::uint64_t pdb_checksum(const std::vector<std::uint8_t>& values);

// Reads a file written by write_pdb_file for exactly this goal and pattern; the error says what
// is wrong (unreadable, wrong header, truncated, checksum mismatch).
Result<PatternDatabase> read_pdb_file(const std::string& path, const Board& goal,
                                      const std::vector<int>& tiles);
// Writes atomically (engine/files.h), creating the folder if needed.
Status write_pdb_file(const std::string& path, const PatternDatabase& db);

enum class PdbSource { Loaded, Built, Rebuilt };
std::string_view pdb_source_name(PdbSource source);  // "loaded", "built", "rebuilt"

struct OpenedPdb {
  PatternDatabase db;
  PdbSource source = PdbSource::Loaded;
  std::string path;
  std::string note;    // why it was rebuilt, or why it could not be saved; empty when neither
  double seconds = 0;  // to load, or to build and save
  bool saved = false;  // built and written to the cache
};

// The database from the cache, or built (and saved) when missing, damaged or forced. A build that
// cannot be saved still succeeds, with a note.
Result<OpenedPdb> open_pdb(const Board& goal, const std::vector<int>& tiles, const PdbCache& cache,
                           const PatternDatabase::Progress& progress = {});

}  // namespace tile
