// The memory of one Lua state: small blocks from size-class free lists, larger ones from malloc.
//
// Why: a student's search makes and drops a few small tables and strings per expansion, and the
// grading child closes its Lua state after every test. Through glibc's malloc that was 25-30% of
// a graded search's processor time (malloc, free, consolidation); a free list per size class is a
// push and a pop. Nothing a script can observe changes: the sandbox's memory cap still counts the
// bytes Lua asks for (LuaSandbox::allocate), and a block's contents are Lua's own to initialise,
// as they are with malloc.
//
// Blocks of up to kLargestSmall bytes come from chunks of kChunkBytes, carved from the front and
// reused through one free list per 16-byte class; a chunk is not handed back until the heap goes
// (with its state). Freed blocks of one class are not reused by another, so the chunks may hold
// more than the state has in use: at most `chunk_budget` bytes of chunks are taken, and past that
// small blocks come from malloc too (then a freed small block is looked up among the chunks to
// know where it goes). So a state never holds more than its live bytes plus chunk_budget.
//
// Lua's allocator contract gives the size of every block it frees or resizes, which says which
// kind of block it is. Not thread-safe: one state, one thread at a time (as LuaSandbox).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "grader/sandbox/address_sanitizer.h"

namespace tile {

// Whether this build runs under AddressSanitizer, which must see every Lua block as its own
// malloc'd block (LuaSandbox then uses no LuaHeap).
#if defined(TILEGRADE_ADDRESS_SANITIZER)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

class LuaHeap {
 public:
  static constexpr std::size_t kGranule = 16;  // malloc's alignment, kept by every class
  static constexpr std::size_t kLargestSmall = 512;
  // Below glibc's mmap threshold: a freed chunk stays in the process's heap and the next state's
  // chunks reuse its pages (a grading child runs a fresh state per test) instead of faulting in new
  // ones.
  static constexpr std::size_t kChunkBytes = 64 << 10;

  explicit LuaHeap(std::size_t chunk_budget);
  ~LuaHeap();
  LuaHeap(const LuaHeap&) = delete;
  LuaHeap& operator=(const LuaHeap&) = delete;

  // Lua's allocator, less its accounting: `block` null allocates `new_size` bytes; `new_size` 0
  // frees `block` of `old_size` bytes (returns null); otherwise resizes it, keeping the first
  // min(old_size, new_size) bytes. Null when memory runs out (the block is then unchanged).
  void* reallocate(void* block, std::size_t old_size, std::size_t new_size);

  std::size_t chunk_bytes() const { return chunks_.size() * kChunkBytes; }
  // Whether some small block came from malloc (the budget was spent, or a chunk could not be had).
  bool spilled() const { return spilled_; }

 private:
  struct FreeBlock {
    FreeBlock* next;
  };
  static constexpr std::size_t kClasses = kLargestSmall / kGranule;
  static std::size_t class_of(std::size_t size) { return (size - 1) / kGranule; }

  void* allocate(std::size_t size);
  void release(void* block, std::size_t size);
  void* carve(std::size_t class_size);
  bool owns(const void* block) const;

  std::array<FreeBlock*, kClasses> free_{};
  char* next_ = nullptr;  // the unused rest of the newest chunk
  char* end_ = nullptr;
  std::vector<char*> chunks_;  // sorted by address (owns() searches it)
  std::size_t max_chunks_;
  bool spilled_ = false;
};

}  // namespace tile
