// Every script of tests/hostile/ against the sandbox, each in a child process as graders run
// submissions: the child always ends within its limits, harmless boards get the right Manhattan
// distance, the trigger board gets a clear error (or a killed child, for attacks no hook can
// reach), and this process carries on. See tests/hostile/README.md for the convention.
#include <dirent.h>
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "grader/sandbox/address_sanitizer.h"
#include "grader/sandbox/child_process.h"
#include "grader/sandbox/clocks.h"
#include "grader/sandbox/lua_heuristic.h"
#include "grader/sandbox/lua_sandbox.h"

namespace tile {
namespace {

const std::string kHostileDir = std::string(TILEGRADE_SOURCE_DIR) + "/tests/hostile";
constexpr const char* kTrigger = "8 6 7 2 5 4 3 0 1";
constexpr const char* kHarmless = "1 2 3 4 5 6 0 7 8";  // Manhattan distance 2

struct Script {
  std::string file;    // base name
  std::string expect;  // "error", "killed" or "load-error"
};

std::vector<Script> hostile_scripts() {
  std::vector<Script> scripts;
  DIR* dir = opendir(kHostileDir.c_str());
  if (dir == nullptr) return scripts;
  while (const dirent* entry = readdir(dir)) {
    const std::string name = entry->d_name;
    if (name.size() < 5 || name.substr(name.size() - 4) != ".lua") continue;
    std::ifstream in(kHostileDir + "/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const std::string content = text.str();
    // A script without an expect line is binary (bytecode): refused at load time.
    std::string expect = "load-error";
    const auto at = content.find("-- expect: ");
    if (at != std::string::npos) {
      const auto start = at + 11;
      expect = content.substr(start, content.find('\n', start) - start);
    }
    scripts.push_back({name, expect});
  }
  closedir(dir);
  std::sort(scripts.begin(), scripts.end(),
            [](const Script& a, const Script& b) { return a.file < b.file; });
  return scripts;
}

std::string estimate_line(const char* label, LuaHeuristic& heuristic, const char* tiles) {
  const auto value = heuristic.estimate(*parse_board(Shape{3, 3}, tiles));
  if (value) return std::string(label) + " ok " + std::to_string(*value);
  return std::string(label) + " error " + heuristic.failure_message();
}

// The child: load, then one harmless call and one trigger call, one line each.
int attack(const Result<ScriptSource>& script, LineWriter& out) {
  SandboxLimits limits;
  limits.call_seconds = 0.5;
  limits.memory_bytes = 32 << 20;
  const Board goal = goal_board(Shape{3, 3}, GoalLayout::BlankLast);
  auto heuristic = script ? LuaHeuristic::load_script(*script, goal, limits, 1000)
                          : Result<std::unique_ptr<LuaHeuristic>>(Error{script.error()});
  if (!heuristic) {
    out.write_line("load-error " + heuristic.error());
    return 0;
  }
  out.write_line(estimate_line("harmless", **heuristic, kHarmless));
  out.write_line(estimate_line("trigger", **heuristic, kTrigger));
  return 0;
}

struct Verdict {
  Script script;
  ChildOutcome outcome;
};

TEST_CASE("every hostile script fails its trigger cleanly and never the host") {
  const std::vector<Script> scripts = hostile_scripts();
  REQUIRE(scripts.size() >= 25);

  // Processor time decides, as when grading; the wall clock is only the backstop (clocks.h), so
  // that four children on two busy cores still reach their processor-time limits first.
  ChildLimits limits;
#if defined(TILEGRADE_ADDRESS_SANITIZER)
  // Sanitized Lua runs several times slower.
  limits.cpu_seconds = 10;
#else
  limits.cpu_seconds = 3;
#endif
  limits.wall_seconds = wall_backstop_seconds(limits.cpu_seconds);
  std::vector<Verdict> verdicts(scripts.size());
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> workers;
#if defined(TILEGRADE_ADDRESS_SANITIZER)
  // GCC 12's ASan allocator is not safe with fork() from several threads at once (a child can
  // hang at its first allocation until the wall limit), so sanitized builds fork from one thread.
  constexpr int kWorkers = 1;
#else
  constexpr int kWorkers = 4;
#endif
  for (int w = 0; w < kWorkers; ++w) {  // several children at once exercise run_in_child's threads
    workers.emplace_back([&] {
      for (std::size_t i = next++; i < scripts.size(); i = next++) {
        // Read here, as the grader does: a confined child cannot open files.
        const auto script = LuaSandbox::read_script(kHostileDir + "/" + scripts[i].file);
        verdicts[i] = {
            scripts[i],
            run_in_child([&script](LineWriter& out) { return attack(script, out); }, limits)};
      }
    });
  }
  for (std::thread& worker : workers) worker.join();

  for (const Verdict& verdict : verdicts) {
    const Script& script = verdict.script;
    const ChildOutcome& outcome = verdict.outcome;
    const std::vector<std::string>& lines = outcome.lines;
    CAPTURE(script.file);
    CAPTURE(script.expect);
    CAPTURE(outcome.describe());
    INFO("lines: ", lines.empty() ? std::string("(none)") : lines.back());
    CHECK(outcome.seconds < limits.wall_seconds + 1);
    if (script.expect == "load-error") {
      CHECK(outcome.exited_normally());
      REQUIRE(lines.size() == 1);
      CHECK(lines[0].rfind("load-error " + script.file + ":", 0) == 0);
      continue;
    }
    REQUIRE(!lines.empty());
    CHECK(lines[0] == "harmless ok 2");
    if (script.expect == "error") {
      CHECK(outcome.exited_normally());
      REQUIRE(lines.size() == 2);
      CHECK(lines[1].rfind("trigger error " + script.file + ":", 0) == 0);
    } else {
      REQUIRE(script.expect == "killed");
      CHECK(outcome.end != ChildOutcome::End::Exited);
      CHECK(lines.size() == 1);
    }
  }
}

}  // namespace
}  // namespace tile
