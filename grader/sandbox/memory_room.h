// The memory a grading child is actually given, so that the sandbox's memory limit fits it.
//
// The assignment's lua_memory_mb (256 MiB by default) is what a script may allocate. A machine or
// container may give the grader less: a cgroup's memory limit (Docker's --memory, a Kubernetes
// pod's, a Slurm job's), an address-space limit (ulimit -v), or simply little free memory. Then a
// script that holds most of what it is allowed is killed by the kernel before the sandbox's own
// limit refuses it, an end that looks like the machine's doing: the test is run again, and then
// has no verdict. A limit the student can reach must be the student's: so each grading child's
// Lua limit is the assignment's, or half of the room left under the tightest of those bounds when
// that is smaller (the rest is for the child's own bookkeeping and allocator slack), a cgroup's
// or the machine's room shared among the children that run at once. The script then meets
// "memory limit of N MiB exceeded", its own verdict, and the instructor's log says once why N is
// below the assignment's.
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
  // Under the cgroups and MemAvailable: the memory the grading children that run at once share.
  std::optional<std::size_t> shared;  // nullopt: no such bound is known
  std::string shared_bound;           // which is tightest: "the cgroup's memory.max", ...
  // Under RLIMIT_AS less what the process maps: each child's own (a fork inherits the limit).
  std::optional<std::size_t> own;
  std::string own_bound;
};

// The room under the tightest bounds: each cgroup from this process's own to the root (v2's
// memory.max less memory.current, v1's memory.limit_in_bytes less memory.usage_in_bytes) and the
// machine's MemAvailable, shared; RLIMIT_AS less what the process already maps, each child's own.
MemoryRoom memory_room(const MemorySources& sources);

// The Lua memory limit of one of `children` grading children that run at once: `wanted`, or half
// the room (the shared room divided among them; the own room whole) when that is less, in whole
// MiB, but never below kSmallestLuaMemory. `room_bytes` and `bound`: the room and the bound that
// decided, when one did.
inline constexpr std::size_t kSmallestLuaMemory = std::size_t{16} << 20;
struct FittedMemory {
  std::size_t bytes = 0;
  std::size_t room_bytes = 0;
  std::string bound;
  bool shared = false;
};
FittedMemory fit_lua_memory(std::size_t wanted, const MemoryRoom& room, std::size_t children);
inline std::size_t fitted_lua_memory(std::size_t wanted, const MemoryRoom& room,
                                     std::size_t children) {
  return fit_lua_memory(wanted, room, children).bytes;
}

// How many grading children this process's grading runs at once (batch: its worker count), for
// grading_lua_memory. 1 unless set.
void set_concurrent_grading_children(std::size_t children);

// fitted_lua_memory for this process, measured the first time it is asked for `wanted` and the
// same after (a batch asks before it forks its workers, so every student gets the same limit);
// when it is below `wanted`, says so then on stderr ("tilegrade: note: ..."), naming the bound and
// the limit scripts get.
std::size_t grading_lua_memory(std::size_t wanted);

}  // namespace tile
