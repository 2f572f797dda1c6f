#include <doctest/doctest.h>
#include <minizip/unzip.h>

#include <filesystem>
#include <string>
#include <vector>

#include "engine/files.h"
#include "grader/cli/zip_archive.h"
#include "tests/grader/cli/scratch_folder.h"

using namespace tile;
using namespace tile::cli;
using tile::testing::scratch_folder;

namespace {

namespace fs = std::filesystem;

struct ReadEntry {
  std::string name;
  std::string bytes;
  unsigned mode = 0;
  int year = 0;
};

// Reads a zip back with minizip's own reader: what unzip or a platform would find in it.
std::vector<ReadEntry> read_zip(const std::string& path) {
  std::vector<ReadEntry> entries;
  unzFile zip = unzOpen64(path.c_str());
  REQUIRE(zip != nullptr);
  for (int at = unzGoToFirstFile(zip); at == UNZ_OK; at = unzGoToNextFile(zip)) {
    unz_file_info64 info{};
    char name[512];
    REQUIRE(unzGetCurrentFileInfo64(zip, &info, name, sizeof name, nullptr, 0, nullptr, 0) ==
            UNZ_OK);
    REQUIRE(unzOpenCurrentFile(zip) == UNZ_OK);
    std::string bytes(info.uncompressed_size, '\0');
    const int read = unzReadCurrentFile(zip, bytes.data(), static_cast<unsigned>(bytes.size()));
    CHECK(read == static_cast<int>(bytes.size()));
    CHECK(unzCloseCurrentFile(zip) == UNZ_OK);  // also checks the CRC
    CHECK((info.version >> 8) == 3);  // made on Unix: the mode below is read
    entries.push_back({name, bytes, static_cast<unsigned>(info.external_fa >> 16) & 07777,
                       static_cast<int>(info.tmu_date.tm_year)});
  }
  unzClose(zip);
  return entries;
}


}  // namespace

TEST_CASE("a zip holds its entries in order, with their modes, dated 1980, the same bytes twice") {
  const fs::path dir = scratch_folder("zip-test");
  const std::vector<ZipEntry> entries = {
      {"run_autograder", "#!/bin/sh\necho hi\n", true},
      {"assignment/assignment.json", std::string(5000, '{'), false},
      {"empty", "", false},
  };
  REQUIRE(write_zip((dir / "a.zip").string(), entries));
  REQUIRE(write_zip((dir / "b.zip").string(), entries));
  CHECK(*read_file((dir / "a.zip").string()) == *read_file((dir / "b.zip").string()));

  const std::vector<ReadEntry> read = read_zip((dir / "a.zip").string());
  REQUIRE(read.size() == 3);
  for (std::size_t i = 0; i < read.size(); ++i) {
    CHECK(read[i].name == entries[i].name);
    CHECK(read[i].bytes == entries[i].bytes);
    CHECK(read[i].mode == (entries[i].executable ? 0755u : 0644u));
    CHECK(read[i].year == 1980);
  }
  // Nothing of the scratch file minizip wrote is left beside the zip.
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 2);
  fs::remove_all(dir);
}

TEST_CASE("a name that would unpack outside its folder is refused, and no zip is written") {
  const fs::path dir = scratch_folder("zip-names");
  for (const char* name : {"/etc/passwd", "../up", "a/../../b", "", "a//b", "a/./b", "a/"}) {
    CAPTURE(name);
    const Status written = write_zip((dir / "x.zip").string(), {{name, "x", false}});
    REQUIRE_FALSE(written);
    CHECK(written.error_kind() == ErrorKind::BadInput);
    CHECK(written.error().find("not a relative path") != std::string::npos);
  }
  CHECK(fs::is_empty(dir));
  fs::remove_all(dir);
}

TEST_CASE("a zip that cannot be written is an output error, naming the file") {
  const Status written = write_zip("/nonexistent-folder/x.zip", {{"a", "b", false}});
  REQUIRE_FALSE(written);
  CHECK(written.error_kind() == ErrorKind::Io);
  CHECK(written.error().find("/nonexistent-folder/x.zip") != std::string::npos);
}
