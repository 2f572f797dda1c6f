#include "grader/sandbox/lua_heap.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>

namespace tile {

LuaHeap::LuaHeap(std::size_t chunk_budget) : max_chunks_(chunk_budget / kChunkBytes) {}

LuaHeap::~LuaHeap() {
  for (char* chunk : chunks_) std::free(chunk);
}

bool LuaHeap::owns(const void* block) const {
  const char* at = static_cast<const char*>(block);
  // The last chunk starting at or before `at` (pointers into distinct allocations are ordered
  // with std::less, which is total).
  const auto after = std::upper_bound(chunks_.begin(), chunks_.end(), at, std::less<const char*>());
  if (after == chunks_.begin()) return false;
  return std::less<const char*>()(at, *(after - 1) + kChunkBytes);
}

// A block of `class_size` bytes from the newest chunk, or from a new chunk; null when none can be
// had (the budget is spent, or malloc failed).
void* LuaHeap::carve(std::size_t class_size) {
  if (static_cast<std::size_t>(end_ - next_) < class_size) {
    if (chunks_.size() >= max_chunks_) return nullptr;
    char* chunk = static_cast<char*>(std::malloc(kChunkBytes));
    if (chunk == nullptr) return nullptr;
    try {
      chunks_.insert(std::upper_bound(chunks_.begin(), chunks_.end(), chunk,
                                      std::less<const char*>()),
                     chunk);
    } catch (...) {  // the list of chunks could not grow: no chunk then
      std::free(chunk);
      return nullptr;
    }
    // What was left of the previous chunk is too small for this class; it stays unused (at most
    // kLargestSmall bytes a chunk).
    next_ = chunk;
    end_ = chunk + kChunkBytes;
  }
  void* block = next_;
  next_ += class_size;
  return block;
}

void* LuaHeap::allocate(std::size_t size) {
  if (size > kLargestSmall) return std::malloc(size);
  const std::size_t index = class_of(size);
  if (FreeBlock* head = free_[index]) {
    free_[index] = head->next;
    return head;
  }
  if (void* block = carve((index + 1) * kGranule)) return block;
  void* block = std::malloc(size);
  if (block != nullptr) spilled_ = true;
  return block;
}

void LuaHeap::release(void* block, std::size_t size) {
  if (size > kLargestSmall || (spilled_ && !owns(block))) {
    std::free(block);
    return;
  }
  auto* freed = static_cast<FreeBlock*>(block);
  const std::size_t index = class_of(size);
  freed->next = free_[index];
  free_[index] = freed;
}

void* LuaHeap::reallocate(void* block, std::size_t old_size, std::size_t new_size) {
  if (block == nullptr) return new_size == 0 ? nullptr : allocate(new_size);
  if (new_size == 0) {
    release(block, old_size);
    return nullptr;
  }
  const bool old_small = old_size <= kLargestSmall;
  const bool new_small = new_size <= kLargestSmall;
  if (!old_small && !new_small) return std::realloc(block, new_size);
  if (old_small && new_small && class_of(old_size) == class_of(new_size) &&
      (!spilled_ || owns(block))) {
    return block;  // the block already has room (a malloc'd one is resized below, by malloc)
  }
  void* moved = allocate(new_size);
  if (moved == nullptr) {
    if (new_size > old_size) return nullptr;
    // Shrinking never fails (Lua relies on it): the block keeps its room. A large block is then a
    // small block outside the chunks; a small one goes to its new, smaller class when freed.
    if (!old_small) {
      spilled_ = true;
      void* shrunk = std::realloc(block, new_size);
      return shrunk != nullptr ? shrunk : block;
    }
    return block;
  }
  std::memcpy(moved, block, std::min(old_size, new_size));
  release(block, old_size);
  return moved;
}

}  // namespace tile
