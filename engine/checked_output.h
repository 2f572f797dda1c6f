// A stream buffer over a file descriptor that remembers why a write failed. The C library's
// stdout and iostreams latch a failed write (ENOSPC on a full disk, EIO) as a bare error flag and
// forget its reason, and then drop the buffered bytes, so a later fflush succeeds: a command that
// checked only at the end could neither notice reliably nor say why. std::cout writes through
// this buffer instead (grader/cli/output.h), and the command exits saying what went wrong.
#pragma once

#include <array>
#include <streambuf>

namespace tile {

class CheckedOutputBuffer : public std::streambuf {
 public:
  explicit CheckedOutputBuffer(int fd);
  CheckedOutputBuffer(const CheckedOutputBuffer&) = delete;
  CheckedOutputBuffer& operator=(const CheckedOutputBuffer&) = delete;

  // The errno of the first write that failed, or 0. After a failure nothing more is written: a
  // later success would leave a gap in the middle of the output, which looks whole.
  int first_error() const { return first_error_; }

 protected:
  int_type overflow(int_type ch) override;
  int sync() override;

 private:
  bool drain();  // writes what is buffered; false once a write has failed

  int fd_;
  int first_error_ = 0;
  std::array<char, 1 << 16> buffer_{};
};

}  // namespace tile
