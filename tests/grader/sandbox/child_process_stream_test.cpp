// run_in_child with a LineHandler: each line reaches the parent while the child still runs, so
// the parent holds one line at a time, and the per-line output limit still holds.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "grader/sandbox/child_process.h"

namespace tile {
namespace {

ChildLimits streaming_limits() {
  ChildLimits limits;
  limits.wall_seconds = 5;
  limits.cpu_seconds = 5;
  limits.per_line = true;
  return limits;
}

TEST_CASE("a LineHandler gets each line while the child is still running") {
  // The child writes "one", then waits for the parent to answer on a second pipe before it writes
  // "two" and exits: the answer comes from the handler, so without delivery as lines arrive the
  // child would wait until its wall-clock limit killed it.
  int answer[2];
  REQUIRE(pipe2(answer, O_CLOEXEC) == 0);
  std::vector<std::string> got;
  ChildLimits limits = streaming_limits();
  limits.confine = false;  // the child reads the answer: a confined child may read nothing
  const ChildOutcome outcome = run_in_child(
      [&answer](LineWriter& out) {
        close(answer[1]);
        out.write_line("one");
        char byte = 0;
        if (read(answer[0], &byte, 1) != 1) return 5;
        out.write_line(std::string("two ") + byte);
        return 0;
      },
      limits, [&](std::string&& line) {
        if (got.empty()) CHECK(write(answer[1], "!", 1) == 1);
        got.push_back(std::move(line));
      });
  close(answer[0]);
  close(answer[1]);
  CHECK(outcome.exited_normally());
  CHECK(got == std::vector<std::string>{"one", "two !"});
  CHECK(outcome.lines.empty());
  CHECK(outcome.unterminated.empty());
}

TEST_CASE("a LineHandler never gets a line over the per-line limit, but every line before it") {
  ChildLimits limits = streaming_limits();
  limits.max_output_bytes = 100'000;
  std::vector<std::size_t> sizes;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        for (int i = 0; i < 50; ++i) out.write_line(std::string(90'000, 'x'));  // 4.5 MB in all
        out.write_line(std::string(150'000, 'y'));
        out.write_line("never read");
        return 0;
      },
      limits, [&](std::string&& line) { sizes.push_back(line.size()); });
  CHECK(outcome.output_limit_exceeded);
  CHECK(sizes == std::vector<std::size_t>(50, 90'000));
  CHECK(outcome.lines.empty());
}

TEST_CASE("without per_line, the output limit counts every line handed on") {
  ChildLimits limits = streaming_limits();
  limits.per_line = false;
  limits.max_output_bytes = 1000;
  std::size_t lines = 0;
  const ChildOutcome outcome = run_in_child(
      [](LineWriter& out) {
        for (int i = 0; i < 30; ++i) out.write_line(std::string(99, 'z'));  // 3,000 bytes
        return 0;
      },
      limits, [&](std::string&&) { ++lines; });
  CHECK(outcome.output_limit_exceeded);
  CHECK(lines <= 10);  // 100 bytes a line: the tenth fills the 1,000 bytes
}

}  // namespace
}  // namespace tile
