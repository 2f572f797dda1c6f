// LuaHeap: the blocks of one Lua state. Contents survive every kind of resize, freed blocks are
// reused by their class, the chunk budget holds, and blocks past it come from malloc and go back
// to it (AddressSanitizer builds catch a block freed the wrong way).
#include "grader/sandbox/lua_heap.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

#include "tests/grader/sandbox/lua_test_support.h"

using namespace tile;

namespace {

bool aligned(const void* block) {
  return reinterpret_cast<std::uintptr_t>(block) % LuaHeap::kGranule == 0;
}

void fill(void* block, std::size_t size, unsigned char seed) {
  auto* bytes = static_cast<unsigned char*>(block);
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<unsigned char>(seed + i);
}

bool holds(const void* block, std::size_t size, unsigned char seed) {
  const auto* bytes = static_cast<const unsigned char*>(block);
  for (std::size_t i = 0; i < size; ++i) {
    if (bytes[i] != static_cast<unsigned char>(seed + i)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("a freed small block is the next block of its class, and only of its class") {
  LuaHeap heap(1 << 20);
  void* first = heap.reallocate(nullptr, 0, 40);
  REQUIRE(first != nullptr);
  CHECK(aligned(first));
  heap.reallocate(first, 40, 0);
  CHECK(heap.reallocate(nullptr, 0, 100) != first);  // another class
  CHECK(heap.reallocate(nullptr, 0, 33) == first);   // 33..48 bytes: the same class
  CHECK(heap.chunk_bytes() == LuaHeap::kChunkBytes);
  CHECK_FALSE(heap.spilled());
}

TEST_CASE("resizing keeps the contents, between classes and to and from large blocks") {
  LuaHeap heap(1 << 20);
  std::size_t size = 24;
  void* block = heap.reallocate(nullptr, 0, size);
  fill(block, size, 7);
  for (const std::size_t next : {30, 200, 512, 513, 5000, 600, 300, 17, 1}) {
    block = heap.reallocate(block, size, next);
    REQUIRE(block != nullptr);
    CHECK(aligned(block));
    CHECK(holds(block, std::min(size, next), 7));
    fill(block, next, 7);
    size = next;
  }
  CHECK(heap.reallocate(block, size, 0) == nullptr);
  CHECK_FALSE(heap.spilled());
}

TEST_CASE("past its chunk budget the heap takes small blocks from malloc and frees them there") {
  LuaHeap heap(LuaHeap::kChunkBytes);  // one chunk
  std::vector<void*> blocks;
  std::set<void*> distinct;
  const std::size_t per_chunk = LuaHeap::kChunkBytes / 64;
  for (std::size_t i = 0; i < per_chunk + 10; ++i) {
    void* block = heap.reallocate(nullptr, 0, 64);
    REQUIRE(block != nullptr);
    CHECK(aligned(block));
    fill(block, 64, static_cast<unsigned char>(i));
    blocks.push_back(block);
    distinct.insert(block);
  }
  CHECK(distinct.size() == blocks.size());
  CHECK(heap.chunk_bytes() == LuaHeap::kChunkBytes);
  CHECK(heap.spilled());
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    CHECK(holds(blocks[i], 64, static_cast<unsigned char>(i)));
  }
  // A spilled block resized within its class moves to a chunk block when one is free.
  heap.reallocate(blocks[0], 64, 0);
  void* moved = heap.reallocate(blocks.back(), 64, 60);
  CHECK(moved == blocks[0]);
  CHECK(holds(moved, 60, static_cast<unsigned char>(blocks.size() - 1)));
  blocks.back() = moved;
  for (std::size_t i = 1; i < blocks.size(); ++i) heap.reallocate(blocks[i], 64, 0);
}

TEST_CASE("shrinking never fails, even with no chunk to be had") {
  LuaHeap heap(0);  // no chunks: every small block is malloc's
  void* large = heap.reallocate(nullptr, 0, 4000);
  fill(large, 4000, 3);
  void* small = heap.reallocate(large, 4000, 100);
  REQUIRE(small != nullptr);
  CHECK(holds(small, 100, 3));
  void* smaller = heap.reallocate(small, 100, 20);
  REQUIRE(smaller != nullptr);
  CHECK(holds(smaller, 20, 3));
  CHECK(heap.chunk_bytes() == 0);
  heap.reallocate(smaller, 20, 0);
}

TEST_CASE("a script churning small tables and strings runs the same on the heap") {
  auto sandbox = tile::testing::must_load(R"(
function churn()
  local kept, total = {}, 0
  for i = 1, 20000 do
    local node = { state = { i, i + 1, i + 2 }, key = "k" .. (i % 977), parent = kept[#kept] }
    if i % 7 == 0 then kept[#kept + 1] = node end
    total = total + #node.key + node.state[3]
  end
  return tostring(total) .. "/" .. #kept
end
)");
  REQUIRE(sandbox != nullptr);
  auto result = tile::testing::call_global(*sandbox, "churn");
  REQUIRE_MESSAGE(static_cast<bool>(result), result.error());
  CHECK(*result == "200127692/2857");  // Python: sum(len("k" + str(i % 977)) + i + 2)
  CHECK(sandbox->memory_in_use() > 0);
}
