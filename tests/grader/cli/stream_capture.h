// What a piece of code printed on std::cout and std::cerr, for tests of how the CLI speaks. doctest
// reports on std::cout too: check what was captured after the capture ends (`printed`), or a
// failing check's own message would be captured and lost.
#pragma once

#include <iostream>
#include <sstream>
#include <string>

namespace tile::testing {

class StreamCapture {
 public:
  StreamCapture()
      : out_(std::cout.rdbuf(captured_out_.rdbuf())),
        err_(std::cerr.rdbuf(captured_err_.rdbuf())) {}
  ~StreamCapture() {
    std::cout.rdbuf(out_);
    std::cerr.rdbuf(err_);
  }
  StreamCapture(const StreamCapture&) = delete;
  StreamCapture& operator=(const StreamCapture&) = delete;

  std::string out() const { return captured_out_.str(); }
  std::string err() const { return captured_err_.str(); }

 private:
  std::ostringstream captured_out_, captured_err_;
  std::streambuf* out_;
  std::streambuf* err_;
};

struct Printed {
  std::string out, err;
};

// Runs WORK with both streams captured; what it printed, once they are given back.
template <class Work>
Printed printed(Work&& work) {
  StreamCapture capture;
  work();
  return {capture.out(), capture.err()};
}

}  // namespace tile::testing
