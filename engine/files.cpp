#include "engine/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace tile {

namespace {

std::string reason(int error) { return std::strerror(error); }

}  // namespace

Result<std::string> read_file(const std::string& path, std::size_t max_bytes) {
  return read_file_as(path, "", max_bytes);
}

Result<std::string> read_file_as(const std::string& path, std::string_view what,
                                 std::size_t max_bytes) {
  const std::string cannot = "cannot read " + (what.empty() ? "" : std::string(what) + " ");
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return Error{cannot + path + ": " + reason(errno)};
  struct stat info {};
  if (fstat(fd, &info) != 0) {
    const int saved = errno;
    close(fd);
    return Error{cannot + path + ": " + reason(saved)};
  }
  if (!S_ISREG(info.st_mode)) {
    close(fd);
    return Error{cannot + path + ": " +
                 (S_ISDIR(info.st_mode) ? "it is a folder" : "it is not a regular file")};
  }
  if (static_cast<std::uint64_t>(info.st_size) > max_bytes) {
    close(fd);
    return Error{cannot + path + ": it has " + std::to_string(info.st_size) +
                 " bytes, more than the " + std::to_string(max_bytes) + " accepted"};
  }
  std::string bytes;
  bytes.reserve(static_cast<std::size_t>(info.st_size));
  char chunk[65536];
  while (true) {
    const ssize_t got = read(fd, chunk, sizeof chunk);
    if (got > 0) {
      bytes.append(chunk, static_cast<std::size_t>(got));
      if (bytes.size() > max_bytes) {  // grew while we read it
        close(fd);
        return Error{cannot + path + ": more than " + std::to_string(max_bytes) +
                     " bytes"};
      }
    } else if (got == 0) {
      break;
    } else if (errno != EINTR) {
      const int saved = errno;
      close(fd);
      return Error{cannot + path + ": " + reason(saved)};
    }
  }
  close(fd);
  return bytes;
}

Status write_file_atomically(const std::string& path,
                             std::initializer_list<std::string_view> pieces, FileSync sync) {
  // The pid keeps two processes apart, the counter two threads of one process.
  static std::atomic<unsigned> counter{0};
  const std::string temp =
      path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(counter++);
  const int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{"cannot write " + path + ": " + reason(errno), ErrorKind::Io};
  // Whatever failed, the temporary file goes: nothing half-written is ever left behind.
  const auto give_up = [&](int error, bool still_open) -> Status {
    if (still_open) close(fd);
    unlink(temp.c_str());
    return Error{"cannot write " + path + ": " + reason(error), ErrorKind::Io};
  };
  for (std::string_view bytes : pieces) {
    const char* data = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
      const ssize_t wrote = write(fd, data, left);
      if (wrote < 0) {
        if (errno == EINTR) continue;
        return give_up(errno, true);
      }
      data += wrote;
      left -= static_cast<std::size_t>(wrote);
    }
  }
  // fsync before the rename: some file systems (NFS, a full quota, delayed allocation) report a
  // lack of room only when the data reaches the disk, and a crash after the rename must find the
  // new bytes under the final name, never an empty file.
  if (sync == FileSync::Synced && fsync(fd) != 0) return give_up(errno, true);
  if (close(fd) != 0) return give_up(errno, false);
  if (rename(temp.c_str(), path.c_str()) != 0) return give_up(errno, false);
  return success();
}

}  // namespace tile
