// The thread's pool of node blocks (node.h). Searches run thousands of times in one process
// (diagnosis re-runs the engine under each common mistake, validate grades every mutant), so the
// memory of one search serves the next: no fresh pages to map and zero for every search.
#include <sys/mman.h>

#include <cstdlib>
#include <new>
#include <vector>

#include "engine/node.h"

namespace tile {

namespace {

// Kept for the next search: up to 64 blocks (128 MiB); a larger search's surplus is freed.
constexpr std::size_t kKeptBlocks = 64;

struct Pool {
  std::vector<Node*> blocks;
  ~Pool() {
    for (Node* block : blocks) std::free(block);
  }
};

thread_local Pool pool;

}  // namespace

Node* take_node_block() {
  if (!pool.blocks.empty()) {
    Node* block = pool.blocks.back();
    pool.blocks.pop_back();
    return block;
  }
  // Aligned to its size, so that the kernel can back it with one transparent huge page.
  void* memory = std::aligned_alloc(kNodeBlockBytes, kNodeBlockBytes);
  if (!memory) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(memory, kNodeBlockBytes, MADV_HUGEPAGE);  // advice only: failure changes nothing
#endif
  return static_cast<Node*>(memory);
}

void give_node_block(Node* block) {
  if (pool.blocks.size() < kKeptBlocks) {
    pool.blocks.push_back(block);
  } else {
    std::free(block);
  }
}

}  // namespace tile
