#pragma once
// Random work for the frontier tests: an interleaving of pushes and pops, drained at the end, that
// an engine queue and a simple reference queue both replay.

#include <cstdint>
#include <random>
#include <vector>

namespace tile::testing {

struct QueueOp {
  bool push;  // false: a pop
  std::int64_t priority;
  std::uint32_t node;
};

// More pushes than pops, then drain; each push takes a node below `nodes` (a node may be pushed
// more than once) and a priority drawn from `priorities`.
inline std::vector<QueueOp> random_ops(int pushes, std::uint32_t nodes,
                                       const std::vector<std::int64_t>& priorities,
                                       std::uint32_t seed) {
  std::mt19937 random(seed);
  std::vector<QueueOp> ops;
  int size = 0;
  for (int i = 0; i < pushes; ++i) {
    const std::int64_t priority = priorities[random() % priorities.size()];
    ops.push_back({true, priority, static_cast<std::uint32_t>(random() % nodes)});
    ++size;
    while (size > 0 && random() % 3 == 0) {
      ops.push_back({false, 0, 0});
      --size;
    }
  }
  for (; size > 0; --size) ops.push_back({false, 0, 0});
  return ops;
}

}  // namespace tile::testing
