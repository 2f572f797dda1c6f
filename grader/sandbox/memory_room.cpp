#include "grader/sandbox/memory_room.h"

#if !defined(__EMSCRIPTEN__)
#include <sys/resource.h>
#endif

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string_view>
#include <vector>

namespace tile {

namespace {

std::string small_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "";
  std::string text;
  char chunk[4096];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > (1u << 20)) break;  // none of these files is that long
  }
  return text;
}

// A file holding one number ("max", or nothing, for none).
std::optional<std::size_t> number_in(const std::string& path) {
  const std::string text = small_file(path);
  std::size_t value = 0;
  bool any = false;
  for (char c : text) {
    if (c == '\n' || c == ' ') break;
    if (c < '0' || c > '9') return std::nullopt;
    if (value > (SIZE_MAX - 9) / 10) return std::nullopt;
    value = value * 10 + static_cast<std::size_t>(c - '0');
    any = true;
  }
  if (!any) return std::nullopt;
  return value;
}

// "kB" lines of /proc/meminfo: "MemAvailable:   123456 kB".
std::optional<std::size_t> meminfo_field(const std::string& meminfo, std::string_view field) {
  std::istringstream lines(meminfo);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.compare(0, field.size(), field) != 0 || line.size() <= field.size() ||
        line[field.size()] != ':') {
      continue;
    }
    std::istringstream rest(line.substr(field.size() + 1));
    std::size_t kib = 0;
    if (rest >> kib) return kib * 1024;
  }
  return std::nullopt;
}

// The folder and its ancestors up to `root`, nearest first ("/a/b" -> root/a/b, root/a, root).
std::vector<std::string> folders_up(const std::string& root, std::string path) {
  std::vector<std::string> out;
  while (!path.empty() && path.back() == '/') path.pop_back();
  while (true) {
    out.push_back(root + path);
    if (path.empty()) break;
    const std::size_t slash = path.rfind('/');
    path = slash == std::string::npos ? "" : path.substr(0, slash);
  }
  return out;
}

void tighten(std::optional<std::size_t>& room, std::string& named, std::size_t bytes,
             const std::string& bound) {
  if (!room || bytes < *room) {
    room = bytes;
    named = bound;
  }
}

// The room under each memory cgroup this process is in, from its own up to the root of the
// hierarchy: limit less usage. A container often sees its own cgroup as the mount's root, with
// /proc/self/cgroup naming the host's path: then the root's files are its own.
void cgroup_room(MemoryRoom& room, const MemorySources& sources) {
  std::istringstream lines(sources.proc_self_cgroup);
  std::string line;
  while (std::getline(lines, line)) {
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    const bool v2 = line.compare(0, first, "0") == 0 && controllers.empty();
    bool memory_v1 = false;
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');) {
      memory_v1 = memory_v1 || name == "memory";
    }
    if (!v2 && !memory_v1) continue;
    std::vector<std::string> roots;
    if (v2) {
      roots = {sources.cgroup_root, sources.cgroup_root + "/unified"};
    } else {
      roots = {sources.cgroup_root + "/memory"};
    }
    const char* limit_file = v2 ? "/memory.max" : "/memory.limit_in_bytes";
    const char* usage_file = v2 ? "/memory.current" : "/memory.usage_in_bytes";
    const std::string bound = v2 ? "the cgroup's memory.max" : "the cgroup's memory.limit_in_bytes";
    for (const std::string& root : roots) {
      for (const std::string& folder : folders_up(root, path)) {
        const auto limit = number_in(folder + limit_file);
        const auto usage = number_in(folder + usage_file);
        if (!limit || !usage) continue;
        tighten(room.shared, room.shared_bound, *limit > *usage ? *limit - *usage : 0, bound);
      }
    }
  }
}

std::atomic<std::size_t> concurrent_children{1};

}  // namespace

MemorySources this_process_memory_sources() {
  MemorySources sources;
  sources.proc_self_cgroup = small_file("/proc/self/cgroup");
  sources.meminfo = small_file("/proc/meminfo");
#if !defined(__EMSCRIPTEN__)  // the browser page (web/) runs no grading child
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    sources.address_space_limit = static_cast<std::size_t>(limit.rlim_cur);
  }
#endif
  if (const auto size = meminfo_field(small_file("/proc/self/status"), "VmSize")) {
    sources.address_space_used = *size;
  }
  return sources;
}

MemoryRoom memory_room(const MemorySources& sources) {
  MemoryRoom room;
  cgroup_room(room, sources);
  if (const auto available = meminfo_field(sources.meminfo, "MemAvailable")) {
    tighten(room.shared, room.shared_bound, *available,
            "the machine's available memory (MemAvailable)");
  }
  if (sources.address_space_limit) {
    const std::size_t limit = *sources.address_space_limit;
    tighten(room.own, room.own_bound,
            limit > sources.address_space_used ? limit - sources.address_space_used : 0,
            "the address-space limit (RLIMIT_AS, ulimit -v)");
  }
  return room;
}

FittedMemory fit_lua_memory(std::size_t wanted, const MemoryRoom& room, std::size_t children) {
  FittedMemory fitted;
  fitted.bytes = wanted;
  const auto consider = [&](std::size_t room_bytes, std::size_t share, const std::string& bound,
                            bool shared) {
    // In whole MiB, as the limit is shown; never below the smallest a script can run under.
    const std::size_t bytes = std::max(share >> 20 << 20, kSmallestLuaMemory);
    if (bytes < fitted.bytes) fitted = {bytes, room_bytes, bound, shared};
  };
  if (room.shared) {
    consider(*room.shared, *room.shared / 2 / std::max<std::size_t>(children, 1),
             room.shared_bound, children > 1);
  }
  if (room.own) consider(*room.own, *room.own / 2, room.own_bound, false);
  return fitted;
}

void set_concurrent_grading_children(std::size_t children) {
  concurrent_children = std::max<std::size_t>(children, 1);
}

std::size_t grading_lua_memory(std::size_t wanted) {
  // Measured once per process (a batch measures before it forks its workers, which inherit the
  // answer): every student of a run gets the same limit, and so the same verdict for the same
  // script, whatever the machine's memory does while the class is graded.
  static std::mutex mutex;
  static std::map<std::size_t, std::size_t> measured;  // wanted -> fitted
  const std::lock_guard<std::mutex> lock(mutex);
  if (const auto known = measured.find(wanted); known != measured.end()) return known->second;
  const MemoryRoom room = memory_room(this_process_memory_sources());
  const FittedMemory fitted = fit_lua_memory(wanted, room, concurrent_children.load());
  measured[wanted] = fitted.bytes;
  if (fitted.bytes < wanted) {
    std::fprintf(stderr,
                 "tilegrade: note: %zu MiB of memory is left for grading under %s, so each "
                 "script may use at most %zu MiB (lua_memory_mb asks for %zu MiB)%s\n",
                 fitted.room_bytes >> 20, fitted.bound.c_str(), fitted.bytes >> 20, wanted >> 20,
                 fitted.shared ? ", shared among the grading processes that run at once" : "");
  }
  return fitted.bytes;
}

}  // namespace tile
