// The memory a grading child is actually given, so that the sandbox's memory limit fits it.
//
// The assignment's lua_memory_mb (256 MiB by default) is what a script may allocate. A machine or
// container may give the grader less: a cgroup's memory limit (Docker's --memory, a Kubernetes
// pod's, a Slurm job's), an address-space limit (ulimit -v), or simply little free memory. Then a
// script that holds most of what it is allowed is killed by the kernel before the sandbox's own
// limit refuses it, an end that looks like the machine's doing: the test is run again, and then
// has no verdict. A limit the student can reach must be the student's: so each grading child's
// Lua limit is the assignment's, or half of the room left under the tightest of those bounds when
// that is smaller (the rest is for the child's own bookkeeping and allocator slack), shared among
// the children that run at once. The script then meets "memory limit of N MiB exceeded", its own
// verdict, and the instructor's log says once why N is below the assignment's.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace tile {

// What bounds this process's memory, as read from the system (or written by a test).
struct MemorySources {
  std::string proc_self_cgroup;             // /proc/self/cgroup
  std::string cgroup_root = "/sys/fs/cgroup";
  std::string meminfo;                      // /proc/meminfo
  std::optional<std::size_t> address_space_limit;  // RLIMIT_AS's soft limit; nullopt: none
  std::size_t address_space_used = 0;       // the process's virtual size now (VmSize)
};

// Read now, for this process.
MemorySources this_process_memory_sources();

struct MemoryRoom {
  std::optional<std::size_t> bytes;  // nullopt: no bound is known
  std::string bound;                 // which bound is tightest: "cgroup memory.max", ...
};

// The room under the tightest bound: each cgroup from this process's own to the root (v2's
// memory.max less memory.current, v1's memory.limit_in_bytes less memory.usage_in_bytes), the
// machine's MemAvailable, and RLIMIT_AS less what the process already maps.
MemoryRoom memory_room(const MemorySources& sources);

// The Lua memory limit of one of `children` grading children that run at once: `wanted`, or half
// the room shared among them (in whole MiB) when that is less, but never below kSmallestLuaMemory.
inline constexpr std::size_t kSmallestLuaMemory = std::size_t{16} << 20;
std::size_t fitted_lua_memory(std::size_t wanted, const MemoryRoom& room, std::size_t children);

// How many grading children this process's grading runs at once (batch: its worker count), for
// grading_lua_memory. 1 unless set.
void set_concurrent_grading_children(std::size_t children);

// fitted_lua_memory for this process, measured the first time it is asked for `wanted` and the
// same after (a batch asks before it forks its workers, so every student gets the same limit);
// when it is below `wanted`, says so then on stderr ("tilegrade: note: ..."), naming the bound and
// the limit scripts get.
std::size_t grading_lua_memory(std::size_t wanted);

}  // namespace tile
