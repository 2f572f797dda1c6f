// Reproducible random boards: the same seed gives the same board (checked against a transcription
// of SplitMix64 and the documented shuffle run by CPython at test time, so the figures do not
// depend on this compiler or standard library), every board is solvable for its goal, draws are
// uniform over the solvable half, and scrambles land within their depth.
#include <doctest/doctest.h>

#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/random_boards.h"

using namespace tile;

namespace {

// SplitMix64 (Steele, Lea and Flood, as in Vigna's splitmix64.c), the rejection draw, the
// Fisher-Yates shuffle from the last cell down, and the parity repair that swaps the first two
// tiles that are not the blank, all in Python. One line of output per case.
const char* const kPythonReference = R"(
import sys
M = (1 << 64) - 1
class SplitMix64:
    def __init__(self, seed):
        self.state = seed & M
    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        return z ^ (z >> 31)
    def below(self, bound):
        limit = M - M % bound
        value = self.next()
        while value >= limit:
            value = self.next()
        return value % bound
def invariant(tiles, cols):
    rest = [t for t in tiles if t != 0]
    inversions = sum(1 for i in range(len(rest)) for j in range(i + 1, len(rest))
                     if rest[i] > rest[j])
    blank_row = tiles.index(0) // cols
    return (inversions + (blank_row if cols % 2 == 0 else 0)) % 2
def board(rows, cols, goal, seed):
    random = SplitMix64(seed)
    tiles = list(range(rows * cols))
    for i in range(len(tiles) - 1, 0, -1):
        j = random.below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    if invariant(tiles, cols) != invariant(goal, cols):
        blank = tiles.index(0)
        first = 1 if blank == 0 else 0
        second = first + 2 if blank == first + 1 else first + 1
        tiles[first], tiles[second] = tiles[second], tiles[first]
    return tiles
for line in sys.stdin:
    words = line.split()
    if words[0] == 'next':
        random = SplitMix64(int(words[1]))
        print(' '.join(str(random.next()) for _ in range(int(words[2]))))
    elif words[0] == 'below':
        random = SplitMix64(int(words[1]))
        print(' '.join(str(random.below(int(words[2]))) for _ in range(int(words[3]))))
    else:
        rows, cols, seed = int(words[1]), int(words[2]), int(words[3])
        goal = [int(w) for w in words[4:]]
        print(' '.join(map(str, board(rows, cols, goal, seed))))
)";

// Runs the reference on the given request lines and returns its output lines.
std::vector<std::string> run_python(const std::vector<std::string>& requests) {
  char script_path[] = "/tmp/tilegrade_splitmix_XXXXXX";
  const int script_fd = mkstemp(script_path);
  REQUIRE(script_fd >= 0);
  close(script_fd);
  char input_path[] = "/tmp/tilegrade_splitmix_in_XXXXXX";
  const int input_fd = mkstemp(input_path);
  REQUIRE(input_fd >= 0);
  close(input_fd);
  std::ofstream(script_path) << kPythonReference;
  {
    std::ofstream input(input_path);
    for (const std::string& request : requests) input << request << "\n";
  }
  std::ostringstream command;
  command << "python3 " << script_path << " < " << input_path;
  FILE* pipe = popen(command.str().c_str(), "r");
  REQUIRE_MESSAGE(pipe != nullptr, "cannot run python3");
  std::string output;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe)) output += buffer.data();
  const int status = pclose(pipe);
  std::remove(script_path);
  std::remove(input_path);
  REQUIRE_MESSAGE(status == 0, "python3 failed on the SplitMix64 reference");
  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == requests.size());
  return lines;
}

std::set<std::string> reachable(const Board& goal) {
  std::set<std::string> seen{format_tiles(goal)};
  std::queue<Board> queue;
  queue.push(goal);
  while (!queue.empty()) {
    const Board board = queue.front();
    queue.pop();
    for (Move move : kAllMoves) {
      if (board.can_move(move) && seen.insert(format_tiles(board.moved(move))).second) {
        queue.push(board.moved(move));
      }
    }
  }
  return seen;
}

std::map<std::string, int> distances(const Board& goal) {
  std::map<std::string, int> distance{{format_tiles(goal), 0}};
  std::queue<Board> queue;
  queue.push(goal);
  while (!queue.empty()) {
    const Board board = queue.front();
    queue.pop();
    for (Move move : kAllMoves) {
      if (!board.can_move(move)) continue;
      const Board next = board.moved(move);
      if (distance.emplace(format_tiles(next), distance[format_tiles(board)] + 1).second) {
        queue.push(next);
      }
    }
  }
  return distance;
}

}  // namespace

TEST_CASE("SplitMix64 and the boards it draws equal the CPython reference") {
  std::vector<std::string> requests;
  std::vector<std::string> ours;
  for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 0xFFFFFFFFFFFFFFFFULL}) {
    SplitMix64 random(seed);
    std::ostringstream request, line;
    request << "next " << seed << " 5";
    for (int i = 0; i < 5; ++i) line << (i ? " " : "") << random.next();
    requests.push_back(request.str());
    ours.push_back(line.str());
  }
  for (std::uint64_t bound : {1ULL, 2ULL, 3ULL, 7ULL, 1000ULL, (1ULL << 63) + 5}) {
    SplitMix64 random(bound * 31);
    std::ostringstream request, line;
    request << "below " << bound * 31 << " " << bound << " 8";
    for (int i = 0; i < 8; ++i) line << (i ? " " : "") << random.below(bound);
    requests.push_back(request.str());
    ours.push_back(line.str());
  }
  for (Shape shape :
       {Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{4, 4}, Shape{3, 4}, Shape{5, 5}}) {
    for (const Board& goal :
         {goal_board(shape, GoalLayout::BlankLast), goal_board(shape, GoalLayout::BlankFirst)}) {
      for (std::uint64_t seed = 0; seed < 12; ++seed) {
        std::ostringstream request;
        request << "board " << shape.rows << " " << shape.cols << " " << seed << " "
                << format_tiles(goal);
        requests.push_back(request.str());
        ours.push_back(format_tiles(random_solvable_board(goal, seed)));
      }
    }
  }
  const auto python = run_python(requests);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    CAPTURE(requests[i]);
    CHECK(ours[i] == python[i]);
  }
}

TEST_CASE("the same seed gives the same board; different seeds differ") {
  const Board goal = goal_board(Shape{4, 4}, GoalLayout::BlankLast);
  std::set<std::string> distinct;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    CHECK(random_solvable_board(goal, seed) == random_solvable_board(goal, seed));
    CHECK(scrambled_board(goal, 30, seed) == scrambled_board(goal, 30, seed));
    distinct.insert(format_tiles(random_solvable_board(goal, seed)));
  }
  CHECK(distinct.size() == 200);  // 200 of 10^13 boards: a repeat would mean a broken generator
}

TEST_CASE("random boards can reach their goal, whatever the shape and goal") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}}) {
    for (const Board& goal :
         {goal_board(shape, GoalLayout::BlankLast), goal_board(shape, GoalLayout::BlankFirst),
          random_solvable_board(goal_board(shape, GoalLayout::BlankFirst), 5)}) {
      const auto component = reachable(goal);
      for (std::uint64_t seed = 0; seed < 300; ++seed) {
        const Board board = random_solvable_board(goal, seed);
        CHECK(component.count(format_tiles(board)) == 1);
      }
    }
  }
  for (Shape shape : {Shape{3, 3}, Shape{4, 4}, Shape{3, 5}, Shape{5, 5}}) {
    const Board goal = goal_board(shape, GoalLayout::BlankFirst);
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      CHECK(check_reachable(random_solvable_board(goal, seed), goal));
    }
  }
}

TEST_CASE("random boards are uniform over the solvable half (2x2: 12 states)") {
  const Board goal = goal_board(Shape{2, 2}, GoalLayout::BlankLast);
  std::map<std::string, int> count;
  const int draws = 12'000;
  for (int seed = 0; seed < draws; ++seed) {
    ++count[format_tiles(random_solvable_board(goal, static_cast<std::uint64_t>(seed)))];
  }
  CHECK(count.size() == 12);
  // Expected 1000 each; the standard deviation is about 30, so +-150 is five of them.
  for (const auto& entry : count) {  // clang 14 cannot CAPTURE a structured binding
    const std::string& board = entry.first;
    CAPTURE(board);
    CHECK(entry.second > 850);
    CHECK(entry.second < 1150);
  }
}

TEST_CASE("a scramble of d moves lands at most d moves away, at the same parity") {
  const Board goal = goal_board(Shape{2, 3}, GoalLayout::BlankLast);
  const auto distance = distances(goal);
  CHECK(scrambled_board(goal, 0, 1) == goal);
  for (int depth = 1; depth <= 40; ++depth) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      const int d = distance.at(format_tiles(scrambled_board(goal, depth, seed)));
      CHECK(d <= depth);
      CHECK(d % 2 == depth % 2);  // the state graph is bipartite (the blank's cell colour)
    }
  }
}
