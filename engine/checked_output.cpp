#include "engine/checked_output.h"

#include <unistd.h>

#include <cerrno>

namespace tile {

CheckedOutputBuffer::CheckedOutputBuffer(int fd) : fd_(fd) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

bool CheckedOutputBuffer::drain() {
  const char* data = pbase();
  auto left = static_cast<std::size_t>(pptr() - pbase());
  while (left > 0 && first_error_ == 0) {
    const ssize_t wrote = write(fd_, data, left);
    if (wrote < 0) {
      if (errno != EINTR) first_error_ = errno;
      continue;
    }
    if (wrote == 0) {  // no progress and no reason: never spin on it
      first_error_ = EIO;
      continue;
    }
    data += wrote;
    left -= static_cast<std::size_t>(wrote);
  }
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return first_error_ == 0;
}

CheckedOutputBuffer::int_type CheckedOutputBuffer::overflow(int_type ch) {
  if (!drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(ch, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(ch);
    pbump(1);
  }
  return traits_type::not_eof(ch);
}

int CheckedOutputBuffer::sync() { return drain() ? 0 : -1; }

}  // namespace tile
