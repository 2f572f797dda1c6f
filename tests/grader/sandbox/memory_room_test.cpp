// The memory a grading child is given, read from cgroup files, /proc/meminfo and RLIMIT_AS as a
// container shows them (here, folders written by the test), and the Lua limit fitted to it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "grader/sandbox/memory_room.h"
#include "tests/support/temp_folder.h"

using namespace tile;

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

void write(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

const char* const kPlentyMeminfo = "MemTotal:  25000000 kB\nMemAvailable:  20000000 kB\n";

}  // namespace

TEST_CASE("cgroup v2: the tightest memory.max less memory.current from this cgroup up") {
  testing::TempFolder root("memory-room");
  MemorySources sources;
  sources.cgroup_root = root.path().string();
  sources.proc_self_cgroup = "0::/pod/grader\n";
  sources.meminfo = kPlentyMeminfo;
  write(root.path() / "pod/grader/memory.max", "max\n");
  write(root.path() / "pod/grader/memory.current", "1000\n");
  write(root.path() / "pod/memory.max", std::to_string(200 * kMiB) + "\n");
  write(root.path() / "pod/memory.current", std::to_string(20 * kMiB) + "\n");
  const MemoryRoom room = memory_room(sources);
  REQUIRE(room.shared);
  CHECK(*room.shared == 180 * kMiB);
  CHECK(room.shared_bound == "the cgroup's memory.max");
  // A container with 200 MiB and a 256 MiB lua_memory_mb: the script gets half the room, which
  // the children that run at once share.
  CHECK(fitted_lua_memory(256 * kMiB, room, 1) == 90 * kMiB);
  const FittedMemory two = fit_lua_memory(256 * kMiB, room, 2);
  CHECK(two.bytes == 45 * kMiB);
  CHECK(two.shared);
  CHECK(two.bound == "the cgroup's memory.max");
  CHECK(fitted_lua_memory(64 * kMiB, room, 1) == 64 * kMiB);  // the assignment's, when it fits
}

TEST_CASE("cgroup v1: memory.limit_in_bytes less memory.usage_in_bytes, an unlimited one ignored") {
  testing::TempFolder root("memory-room");
  MemorySources sources;
  sources.cgroup_root = root.path().string();
  sources.proc_self_cgroup = "9:pids:/\n4:memory:/jobs/42\n0::/\n";
  sources.meminfo = kPlentyMeminfo;
  write(root.path() / "memory/jobs/42/memory.limit_in_bytes", std::to_string(300 * kMiB));
  write(root.path() / "memory/jobs/42/memory.usage_in_bytes", std::to_string(100 * kMiB));
  write(root.path() / "memory/memory.limit_in_bytes", "9223372036854771712");
  write(root.path() / "memory/memory.usage_in_bytes", std::to_string(3000 * kMiB));
  const MemoryRoom room = memory_room(sources);
  REQUIRE(room.shared);
  CHECK(*room.shared == 200 * kMiB);
  CHECK(room.shared_bound == "the cgroup's memory.limit_in_bytes");
}

TEST_CASE("MemAvailable and RLIMIT_AS bound too; nothing known leaves the assignment's limit") {
  MemorySources sources;
  sources.cgroup_root = "/nonexistent-cgroup-root";
  sources.proc_self_cgroup = "0::/\n";
  CHECK_FALSE(memory_room(sources).shared);
  CHECK_FALSE(memory_room(sources).own);
  CHECK(fitted_lua_memory(256 * kMiB, memory_room(sources), 4) == 256 * kMiB);
  sources.meminfo = "MemTotal: 1000000 kB\nMemAvailable:  102400 kB\n";
  CHECK(*memory_room(sources).shared == 100 * kMiB);
  sources.address_space_limit = 400 * kMiB;
  sources.address_space_used = 340 * kMiB;
  const MemoryRoom room = memory_room(sources);
  CHECK(*room.own == 60 * kMiB);
  CHECK(room.own_bound == "the address-space limit (RLIMIT_AS, ulimit -v)");
  // Each child has its own address space: RLIMIT_AS's room is not divided among them (here
  // without MemAvailable, whose room would be).
  sources.meminfo.clear();
  const FittedMemory fitted = fit_lua_memory(256 * kMiB, memory_room(sources), 4);
  CHECK(fitted.bytes == 30 * kMiB);
  CHECK(fitted.bound == "the address-space limit (RLIMIT_AS, ulimit -v)");
  CHECK_FALSE(fitted.shared);
  // Never below the smallest limit a script can run under.
  sources.address_space_used = 399 * kMiB;
  CHECK(fitted_lua_memory(256 * kMiB, memory_room(sources), 1) == kSmallestLuaMemory);
}
