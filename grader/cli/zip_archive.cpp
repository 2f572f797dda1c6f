#include "grader/cli/zip_archive.h"

#include <minizip/zip.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "engine/files.h"

namespace tile::cli {

namespace {

// The zip's "version made by": high byte 3 says Unix, so unzip and Python's zipfile read the
// permission bits from the external attributes; 20 is the format version (2.0) deflate needs.
constexpr uLong kMadeOnUnix = (3u << 8) | 20u;
// Far above any bundle's file (the static binary is 7 MB), and below the 4 GiB at which an entry
// would need zip64's extra fields.
constexpr std::size_t kMaxEntryBytes = std::size_t{1} << 30;

bool safe_name(std::string_view name) {
  if (name.empty() || name.front() == '/') return false;
  for (std::size_t start = 0; start <= name.size();) {
    const std::size_t end = std::min(name.find('/', start), name.size());
    const std::string_view part = name.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return false;
    start = end + 1;
  }
  return true;
}

// Closes the zip on every path out; the file it wrote is removed unless kept.
class ScratchZip {
 public:
  explicit ScratchZip(std::string path)
      : path_(std::move(path)), zip_(zipOpen64(path_.c_str(), APPEND_STATUS_CREATE)) {}
  ~ScratchZip() {
    if (zip_ != nullptr) zipClose(zip_, nullptr);
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  ScratchZip(const ScratchZip&) = delete;
  ScratchZip& operator=(const ScratchZip&) = delete;

  zipFile handle() const { return zip_; }
  // Finishes the central directory; false if minizip could not.
  bool close() {
    const bool closed = zipClose(zip_, nullptr) == ZIP_OK;
    zip_ = nullptr;
    return closed;
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  zipFile zip_;
};

}  // namespace

Status write_zip(const std::string& path, const std::vector<ZipEntry>& entries) {
  for (const ZipEntry& entry : entries) {
    if (!safe_name(entry.name)) {
      return Error{"cannot put '" + entry.name + "' in a zip: not a relative path"};
    }
    if (entry.bytes.size() > kMaxEntryBytes) {
      return Error{"cannot put " + entry.name + " in a zip: larger than 1 GiB"};
    }
  }
  // minizip writes through stdio to a scratch file of its own, in the temporary folder; the
  // finished bytes then go to PATH the way every file tilegrade writes does (so a full disk or a
  // folder in the way is said as for any other file, with its reason).
  std::error_code no_temp;
  const std::filesystem::path temp = std::filesystem::temp_directory_path(no_temp);
  static int scratch_count = 0;
  ScratchZip scratch(
      ((no_temp ? std::filesystem::path("/tmp") : temp) /
       ("tilegrade-zip-" + std::to_string(getpid()) + "-" + std::to_string(++scratch_count)))
          .string());
  const auto cannot = [&](const std::string& what) -> Status {
    return Error{"cannot write " + path + ": " + what, ErrorKind::Io};
  };
  if (scratch.handle() == nullptr) {
    return cannot("cannot create the scratch file " + scratch.path() + ": " +
                  std::strerror(errno));
  }
  for (const ZipEntry& entry : entries) {
    zip_fileinfo info{};
    info.tmz_date.tm_year = 1980;  // the earliest date a zip can hold: no clock in the bytes
    info.tmz_date.tm_mday = 1;
    const uLong mode = S_IFREG | (entry.executable ? 0755u : 0644u);
    info.external_fa = mode << 16;
    const int opened = zipOpenNewFileInZip4_64(
        scratch.handle(), entry.name.c_str(), &info, nullptr, 0, nullptr, 0, nullptr, Z_DEFLATED,
        Z_BEST_COMPRESSION, 0, -MAX_WBITS, DEF_MEM_LEVEL, Z_DEFAULT_STRATEGY, nullptr, 0,
        kMadeOnUnix, 0, 0);
    if (opened != ZIP_OK) return cannot("cannot add " + entry.name);
    if (zipWriteInFileInZip(scratch.handle(), entry.bytes.data(),
                            static_cast<unsigned>(entry.bytes.size())) != ZIP_OK ||
        zipCloseFileInZip(scratch.handle()) != ZIP_OK) {
      return cannot("cannot write " + entry.name + " into the scratch file " + scratch.path() +
                    ": " + std::strerror(errno));
    }
  }
  if (!scratch.close()) return cannot("cannot finish the zip");
  auto bytes = read_file(scratch.path(), std::size_t{1} << 31);
  if (!bytes) return cannot(bytes.error());
  return write_file_atomically(path, *bytes);
}

}  // namespace tile::cli
