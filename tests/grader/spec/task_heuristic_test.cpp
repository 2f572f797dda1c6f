#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "engine/files.h"
#include "grader/spec/task_heuristic.h"
#include "tests/grader/spec/assignment_error.h"

using namespace tile;
namespace fs = std::filesystem;

namespace {

// An assignment folder in a fresh temporary directory, with a script file beside it.
struct Folder {
  fs::path dir;
  explicit Folder(const std::string& tag) {
    dir = fs::temp_directory_path() / ("tilegrade-task-heuristic-" + tag);
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Folder() { fs::remove_all(dir); }
  void write(const std::string& name, const std::string& text) const {
    REQUIRE(write_file_atomically((dir / name).string(), text));
  }
};

std::string search_task(const std::string& extra) {
  return R"({"title": "t", "size": "2x3", "goal": "blank-last",
  "tasks": [{"name": "astar", "kind": "search", "algorithm": "astar", "points": 10, )" + extra +
         R"(, "tests": [{"start": "1 2 3 4 0 5"}, {"start": "1 2 3 0 4 5"}]}]})";
}

// A test loader: the script's text is a number, and the heuristic says that number everywhere
// but at the goal. Installed for one test case, so the spec layer is tested without Lua.
class ConstantOffGoal final : public Heuristic {
 public:
  ConstantOffGoal(std::int64_t value, Board goal) : value_(value), goal_(goal) {}
  std::optional<std::int64_t> estimate(const Board& board) override {
    return board == goal_ ? 0 : value_;
  }
  std::string name() const override { return "constant"; }

 private:
  std::int64_t value_;
  Board goal_;
};

Result<std::unique_ptr<Heuristic>> constant_loader(const std::string&, const std::string& source,
                                                   const Board& goal, const SubmissionLimits&) {
  return std::unique_ptr<Heuristic>(std::make_unique<ConstantOffGoal>(std::stoll(source), goal));
}

struct LoaderInstalled {
  LoaderInstalled() { install_script_heuristic_loader(constant_loader); }
  ~LoaderInstalled() { install_script_heuristic_loader(nullptr); }
};

}  // namespace

TEST_CASE("a search task's .lua heuristic is read from beside assignment.json") {
  const Folder folder("read");
  folder.write("h.lua", "1");
  auto assignment = parse_assignment(search_task(R"("heuristic": "h.lua")"), folder.dir.string());
  REQUIRE(assignment);
  CHECK(assignment->tasks[0].heuristic_script == "1");
  CHECK_FALSE(assignment->tasks[0].heuristic_admissible);
}

TEST_CASE("a missing or out-of-folder heuristic script is refused with its path") {
  const Folder folder("refused");
  auto missing = parse_assignment(search_task(R"("heuristic": "h.lua")"), folder.dir.string());
  REQUIRE_FALSE(missing);
  CHECK(missing.error().starts_with("tasks[0].heuristic: cannot read h.lua beside"));
  auto outside =
      parse_assignment(search_task(R"("heuristic": "../h.lua")"), folder.dir.string());
  REQUIRE_FALSE(outside);
  CHECK(outside.error().find("must be a file name in the assignment's folder") !=
        std::string::npos);
}

TEST_CASE("\"admissible\" belongs to a search task with a heuristic") {
  CHECK(tile::testing::error_of(R"({"title": "t", "size": "2x3", "goal": "blank-last",
  "tasks": [{"name": "bfs", "kind": "search", "algorithm": "bfs", "admissible": true,
             "points": 1, "tests": [{"start": "1 2 3 4 0 5"}]}]})")
            .starts_with("tasks[0].admissible: only a search task with a heuristic"));
  auto claimed = parse_assignment(search_task(R"("heuristic": "manhattan", "admissible": true)"),
                                  ".");
  REQUIRE(claimed);
  CHECK(claimed->tasks[0].heuristic_admissible);
}

TEST_CASE("make_task_heuristic: built-ins by name, scripts through the installed loader") {
  const Folder folder("make");
  folder.write("h.lua", "7");
  auto assignment = parse_assignment(search_task(R"("heuristic": "h.lua")"), folder.dir.string());
  REQUIRE(assignment);
  const Task& task = assignment->tasks[0];
  SUBCASE("without a loader a script is an error, never a built-in") {
    install_script_heuristic_loader(nullptr);
    auto made = make_task_heuristic(task);
    REQUIRE_FALSE(made);
    CHECK(made.error().find("Lua script") != std::string::npos);
  }
  SUBCASE("with one, the script's text makes the heuristic") {
    const LoaderInstalled installed;
    auto made = make_task_heuristic(task);
    REQUIRE(made);
    CHECK((*made)->estimate(task.tests[0].start) == 7);
    CHECK((*made)->estimate(task.goal) == 0);
  }
  Task builtin = task;
  builtin.heuristic = "manhattan";
  auto made = make_task_heuristic(builtin);
  REQUIRE(made);
  CHECK((*made)->estimate(task.tests[0].start) == 1);
}

TEST_CASE("\"equivalent\" maps a search task's mistake codes to the instructor's sentences") {
  auto declared =
      parse_assignment(search_task(R"("heuristic": "manhattan",
                                      "equivalent": {"ties-lifo": "never two equal f"})"),
                       ".");
  REQUIRE(declared);
  CHECK(declared->tasks[0].declared_equivalent.at("ties-lifo") == "never two equal f");
  auto empty = parse_assignment(
      search_task(R"("heuristic": "manhattan", "equivalent": {"ties-lifo": ""})"), ".");
  REQUIRE_FALSE(empty);
  CHECK(empty.error().starts_with("tasks[0].equivalent.ties-lifo: give the sentence"));
}
