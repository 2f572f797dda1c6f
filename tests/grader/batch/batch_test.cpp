// Batch grading on a small class (a 2x3 assignment with three tests, so each student costs a few
// forks): the folder layout rule, error rows, sharding, resume, and byte-identical outputs
// whatever the number of threads.
#include <doctest/doctest.h>

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "grader/batch/batch.h"
#include "grader/batch/people.h"
#include "grader/batch/records.h"
#include "grader/run/grade.h"
#include "tests/grader/batch/file_support.h"

using namespace tile;
using tile::testing::read_text;
using tile::testing::write_text;
namespace fs = std::filesystem;

namespace {

const char* kAssignment = R"({
  "title": "batch test", "size": "2x3", "goal": "blank-last",
  "limits": {"wall_seconds": 10, "call_seconds": 5, "lua_memory_mb": 64},
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 10,
     "tests": [{"name": "one", "start": "1 2 3 4 0 5"}, {"name": "two", "start": "1 0 3 4 2 5"}]},
    {"name": "dfs", "kind": "search", "function": "dfs", "algorithm": "dfs", "points": 5,
     "tests": [{"name": "one", "start": "1 2 3 0 4 5"}]}
  ]
})";

// Every file under `root`, by relative path: two outputs are identical when these are equal.
std::map<std::string, std::string> tree(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& item : fs::recursive_directory_iterator(root)) {
    if (item.is_regular_file()) {
      files[fs::relative(item.path(), root).string()] = read_text(item.path());
    }
  }
  return files;
}

// A temporary folder with the assignment and a class of students, removed at the end.
struct ClassFixture {
  fs::path root;
  fs::path submissions;
  std::optional<PreparedAssignment> prepared;  // once for the class, as `tilegrade batch` does

  ClassFixture() {
    std::string pattern = (fs::temp_directory_path() / "batch_test.XXXXXX").string();
    root = mkdtemp(pattern.data());
    submissions = root / "class";
    write_text(root / "assignment" / "assignment.json", kAssignment);
    auto loaded = load_assignment((root / "assignment").string());
    REQUIRE(loaded);
    auto made = PreparedAssignment::prepare(std::move(*loaded));
    REQUIRE(made);
    prepared.emplace(std::move(*made));

    const fs::path source = TILEGRADE_SOURCE_DIR;
    const std::string solution = read_text(source / "reference/classic-8puzzle/solution.lua");
    const std::string mutant =
        read_text(source / "reference/classic-8puzzle/mutants/bfs_goal_on_generate.lua");
    REQUIRE(!solution.empty());
    REQUIRE(!mutant.empty());
    write_text(submissions / "alice.lua", solution);                   // full marks
    write_text(submissions / "bob" / "submission.lua", mutant);         // bfs only, diagnosed
    write_text(submissions / "bob" / "scratch.lua", "oops(");           // ignored: submission.lua wins
    write_text(submissions / "carol" / "mine.lua", "function bfs(");    // does not load
    write_text(submissions / "dave.lua", "function bfs() error('boom') end\n"
                                         "function dfs() error('boom') end\n");
    write_text(submissions / "erin" / "a.lua", solution);               // ambiguous
    write_text(submissions / "erin" / "b.lua", solution);
    fs::create_directories(submissions / "frank");                      // empty
    write_text(submissions / "gus.lua", solution);                      // duplicate
    write_text(submissions / "gus" / "submission.lua", solution);
    write_text(submissions / "notes.txt", "not a student");
    write_text(submissions / ".hidden.lua", solution);
  }
  ~ClassFixture() {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }

  std::vector<StudentEntry> students() const {
    auto found = find_students(submissions.string());
    REQUIRE(found);
    return *found;
  }

  BatchResult run(const std::string& out, std::size_t jobs, Shard shard = {}) const {
    BatchOptions options;
    options.jobs = jobs;
    options.shard = shard;
    return run_with(out, options);
  }
  BatchResult run_with(const std::string& out, const BatchOptions& options) const {
    auto result = run_batch(*prepared, submissions.string(), students(),
                            (root / out).string(), options);
    REQUIRE(result);
    return *result;
  }
};

// A copy, not a reference: g++ 13 flags a reference returned from a call that was given a
// temporary string (-Wdangling-reference), even though it points into `result`.
GradebookRow row_of(const BatchResult& result, const std::string& student) {
  for (const GradebookRow& row : result.rows) {
    if (row.student == student) return row;
  }
  FAIL("no row for " << student);
  return result.rows.front();
}

std::size_t reused_count(const BatchResult& result) {
  std::size_t reused = 0;
  for (const GradebookRow& row : result.rows) reused += row.reused ? 1 : 0;
  return reused;
}

}  // namespace

TEST_CASE("the layout rule finds one script per student, sorted, with problems named") {
  ClassFixture fixture;
  const auto students = fixture.students();
  std::vector<std::string> names;
  for (const StudentEntry& entry : students) names.push_back(entry.name);
  CHECK(names == std::vector<std::string>{"alice", "bob", "carol", "dave", "erin", "frank", "gus"});
  CHECK(students[0].script == "alice.lua");
  CHECK(students[1].script == "bob/submission.lua");
  CHECK(students[2].script == "carol/mine.lua");
  CHECK(students[2].problem.empty());
  CHECK(students[4].problem == "ambiguous-script");
  CHECK(students[4].message.find("a.lua, b.lua") != std::string::npos);
  CHECK(students[5].problem == "no-script");
  CHECK(students[6].problem == "duplicate-student");
  CHECK_FALSE(find_students((fixture.root / "missing").string()));
}

TEST_CASE("shards split the sorted list by position and cover it exactly once") {
  CHECK_FALSE(parse_shard("0/2"));
  CHECK_FALSE(parse_shard("3/2"));
  CHECK_FALSE(parse_shard("1/0"));
  CHECK_FALSE(parse_shard("1"));
  CHECK_FALSE(parse_shard("a/b"));
  CHECK_FALSE(parse_shard("1/2x"));
  auto shard = parse_shard("2/3");
  REQUIRE(shard);
  CHECK(shard->index == 2);
  CHECK(shard->count == 3);
  for (std::size_t position = 0; position < 10; ++position) {
    int owners = 0;
    for (std::size_t k = 1; k <= 3; ++k) owners += in_shard(position, Shard{k, 3}) ? 1 : 0;
    CHECK(owners == 1);
  }
  CHECK(in_shard(4, *shard));
  CHECK(gradebook_name(Shard{}) == "gradebook.csv");
  CHECK(gradebook_name(*shard) == "gradebook.shard-2-of-3.csv");
}

TEST_CASE("a class gets one row per student; broken submissions get error rows") {
  ClassFixture fixture;
  const BatchResult result = fixture.run("out", 2);
  REQUIRE(result.rows.size() == 7);
  CHECK(result.internal_errors == 0);

  const GradebookRow alice = row_of(result, "alice");
  CHECK(alice.status == "graded");
  CHECK(alice.score == 15);
  CHECK(alice.max_score == 15);
  CHECK(alice.task_scores == std::vector<double>{10, 5});
  CHECK(alice.diagnoses.empty());

  const GradebookRow bob = row_of(result, "bob");
  CHECK(bob.status == "graded");
  CHECK(bob.score < 15);
  CHECK(bob.task_scores[1] == 0);  // the mutant defines bfs only
  CHECK(bob.diagnoses == std::vector<std::string>{"did-not-run", "goal-test-on-generate"});

  CHECK(row_of(result, "carol").status == "error");  // did not load
  CHECK(row_of(result, "carol").diagnoses == std::vector<std::string>{"did-not-run"});
  CHECK(row_of(result, "dave").status == "error");  // raised in every test
  CHECK(row_of(result, "dave").diagnoses == std::vector<std::string>{"error"});
  CHECK(row_of(result, "erin").diagnoses == std::vector<std::string>{"ambiguous-script"});
  CHECK(row_of(result, "frank").diagnoses == std::vector<std::string>{"no-script"});
  CHECK(row_of(result, "gus").diagnoses == std::vector<std::string>{"duplicate-student"});
  CHECK(result.errors == 5);

  const std::string csv = read_text(result.gradebook_path);
  CHECK(csv.starts_with("student,score,max_score,bfs,dfs,status,diagnoses\nalice,15,15,10,5,graded,\n"));
  CHECK(csv.find("\nfrank,0,15,0,0,error,no-script\n") != std::string::npos);

  // Every student has every report format, error rows included (they say what went wrong).
  for (const char* student : {"alice", "bob", "carol", "dave", "erin", "frank", "gus"}) {
    for (const char* suffix : {".txt", ".json", ".junit.xml"}) {
      CHECK(fs::is_regular_file(fixture.root / "out" / "reports" / (student + std::string(suffix))));
    }
  }
  const std::string erin = read_text(fixture.root / "out/reports/erin.txt");
  CHECK(erin.find("submission.lua") != std::string::npos);
  const std::string carol = read_text(fixture.root / "out/reports/carol.json");
  CHECK(carol.find("did not load") != std::string::npos);
  CHECK(carol.find("\"execution_time\": 0.0") != std::string::npos);
}

TEST_CASE("outputs are byte-identical whatever the number of worker processes") {
  ClassFixture fixture;
  fixture.run("one", 1);  // in this process
  fixture.run("two", 2);
  fixture.run("three", 3);
  const auto one = tree(fixture.root / "one");
  // gradebook, class.json and class.html, 4 reports per student, 4 graded records
  CHECK(one.size() == 3 + 7 * 4 + 4);
  CHECK(one.count("class.json") == 1);
  CHECK(one == tree(fixture.root / "two"));
  CHECK(one == tree(fixture.root / "three"));
}

// The processes whose parent is `parent`, from /proc.
std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> children;
  for (const auto& item : fs::directory_iterator("/proc")) {
    const std::string name = item.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string stat = read_text(item.path() / "stat");
    const std::size_t name_end = stat.rfind(')');  // the command name may hold spaces and parens
    if (name_end == std::string::npos) continue;
    std::istringstream fields(stat.substr(name_end + 1));
    char state = 0;
    long ppid = 0;
    if (fields >> state >> ppid && ppid == parent) children.push_back(std::stoi(name));
  }
  return children;
}

TEST_CASE("a worker process that dies costs its student an internal-error row, and no one else") {
  // When a_fast's row arrives, the other worker is grading b_slow: it is the one child of this
  // process that has a child of its own (the sandboxed run of b_slow's script). It is killed, as a
  // crash of the grader would end it; c_fast is still graded.
  ClassFixture fixture;
  fs::remove_all(fixture.submissions);
  const std::string solution =
      read_text(fs::path(TILEGRADE_SOURCE_DIR) / "reference/classic-8puzzle/solution.lua");
  write_text(fixture.submissions / "a_fast.lua", solution);
  write_text(fixture.submissions / "b_slow.lua",
             "function bfs() for i = 1, 300000000 do end end\nfunction dfs() end\n");
  write_text(fixture.submissions / "c_fast.lua", solution);
  BatchOptions options;
  options.jobs = 2;
  int killed = 0;
  options.progress = [&](const BatchProgress& progress) {
    if (progress.student != "a_fast") return;
    for (const pid_t worker : children_of(getpid())) {
      if (!children_of(worker).empty() && kill(worker, SIGKILL) == 0) ++killed;
    }
  };
  const BatchResult result = fixture.run_with("out", options);
  CHECK(killed == 1);
  REQUIRE(result.rows.size() == 3);
  CHECK(result.internal_errors == 1);
  CHECK(row_of(result, "a_fast").score == 15);
  CHECK(row_of(result, "c_fast").score == 15);
  const GradebookRow slow = row_of(result, "b_slow");
  CHECK(slow.status == "error");
  CHECK(slow.diagnoses == std::vector<std::string>{"internal-error"});
  CHECK(read_text(fixture.root / "out/reports/b_slow.txt")
            .find("its grading process ended: killed by signal 9 (Killed)") != std::string::npos);
}

TEST_CASE("a rerun reuses finished students and regrades what changed") {
  ClassFixture fixture;
  const BatchResult first = fixture.run("out", 2);
  const auto before = tree(fixture.root / "out");
  CHECK(reused_count(first) == 0);

  const BatchResult again = fixture.run("out", 2);
  CHECK(reused_count(again) == 4);  // every graded student; error rows are always rebuilt
  CHECK(tree(fixture.root / "out") == before);

  // A deleted report, an edited report and a changed script are graded again; nothing else.
  fs::remove(fixture.root / "out/reports/alice.junit.xml");
  write_text(fixture.root / "out/reports/bob.txt", "edited");
  write_text(fixture.submissions / "dave.lua", read_text(fixture.submissions / "alice.lua"));
  const BatchResult resumed = fixture.run("out", 2);
  CHECK(reused_count(resumed) == 1);
  CHECK(row_of(resumed, "carol").reused);
  CHECK_FALSE(row_of(resumed, "alice").reused);
  CHECK_FALSE(row_of(resumed, "bob").reused);
  CHECK_FALSE(row_of(resumed, "dave").reused);
  CHECK(row_of(resumed, "dave").score == 15);
  CHECK(read_text(fixture.root / "out/reports/bob.txt") == before.at("reports/bob.txt"));
  CHECK(fs::is_regular_file(fixture.root / "out/reports/alice.junit.xml"));

  // A record of another assignment is never reused.
  auto record = nlohmann::json::parse(read_text(fixture.root / "out/records/alice.json"));
  CHECK(record["assignment"] == assignment_fingerprint(fixture.prepared->assignment(),
                                                       fixture.prepared->expectations()));
  record["assignment"] = "0123456789abcdef";
  record["digest"] = record_digest(record);  // sound, but of another assignment
  write_text(fixture.root / "out/records/alice.json", record.dump());
  CHECK_FALSE(row_of(fixture.run("out", 1), "alice").reused);
}

TEST_CASE("shard gradebooks hold their students only, and a rerun merges them") {
  ClassFixture fixture;
  const BatchResult first = fixture.run("out", 1, Shard{1, 2});
  const BatchResult second = fixture.run("out", 1, Shard{2, 2});
  std::vector<std::string> covered;
  for (const auto* result : {&first, &second}) {
    for (const GradebookRow& row : result->rows) covered.push_back(row.student);
  }
  std::sort(covered.begin(), covered.end());
  CHECK(covered == std::vector<std::string>{"alice", "bob", "carol", "dave", "erin", "frank", "gus"});
  CHECK(first.rows.size() == 4);  // positions 0, 2, 4, 6
  CHECK(row_of(first, "alice").student == "alice");
  CHECK(fs::path(first.gradebook_path).filename() == "gradebook.shard-1-of-2.csv");

  // The merge: both shards wrote into one OUT; an unsharded run reuses every graded student and
  // writes the same gradebook as a run that never sharded.
  const BatchResult merged = fixture.run("out", 2);
  CHECK(reused_count(merged) == 4);
  fixture.run("whole", 2);
  CHECK(read_text(merged.gradebook_path) == read_text(fixture.root / "whole/gradebook.csv"));
}

TEST_CASE("gradebook fields with commas or quotes are quoted") {
  auto assignment = parse_assignment(kAssignment, ".");
  REQUIRE(assignment);
  GradebookRow row;
  row.student = "o\"neil, pat";
  row.score = 2.5;
  row.max_score = 15;
  row.task_scores = {2.5, 0};
  row.status = "graded";
  row.diagnoses = {"a", "b"};
  const std::string csv = gradebook_csv(*assignment, {row});
  CHECK(csv.find("\n\"o\"\"neil, pat\",2.5,15,2.5,0,graded,a b\n") != std::string::npos);
}

TEST_CASE("students the roster names who submitted nothing get a row of 0 points saying so") {
  ClassFixture fixture;
  BatchOptions options;
  options.jobs = 2;
  const People roster{{"alice", {{"1", "alice@x", "Alice"}}},
                      {"zoe", {{"26", "zoe@x", "Zoe"}}},
                      {"=sum(1)", {{"27", "sue@x", "Formula, Sue"}}}};
  options.people = roster;
  const BatchResult result = fixture.run_with("out", options);
  REQUIRE(result.rows.size() == 9);
  CHECK(result.missing == 2);
  CHECK(result.errors == 5);  // not an error: nothing was handed in to go wrong
  const GradebookRow zoe = row_of(result, "zoe");
  CHECK(zoe.status == "no-submission");
  CHECK(zoe.score == 0);
  CHECK(zoe.max_score == 15);
  CHECK(zoe.task_scores == std::vector<double>{0, 0});
  CHECK(zoe.diagnoses.empty());
  CHECK(result.rows.front().student == "=sum(1)");  // sorted among the others, in byte order
  CHECK(result.rows.back().student == "zoe");

  const std::string csv = read_text(result.gradebook_path);
  CHECK(csv.find("\nzoe,26,zoe@x,Zoe,0,15,0,0,no-submission,\n") != std::string::npos);
  CHECK(csv.find("\n\"'=sum(1)\",27,sue@x,\"Formula, Sue\",0,15,") != std::string::npos);
  // Read back as a roster (dropping the one leading ' docs/grading-a-class.md promises), the gradebook names
  // every roster student with their identity as given.
  auto back = read_roster_csv(result.gradebook_path);
  REQUIRE(back);
  for (const auto& [student, persons] : roster) {
    const bool neutralised = student.front() == '=';
    const auto found = back->find(neutralised ? "'" + student : student);
    REQUIRE(found != back->end());
    REQUIRE(found->second.size() == 1);
    CHECK(found->second[0].sid == persons[0].sid);
    CHECK(found->second[0].email == persons[0].email);
    CHECK(found->second[0].name == persons[0].name);
  }

  // Shards: each missing student in exactly one shard's gradebook.
  std::vector<std::string> covered;
  for (std::size_t k = 1; k <= 2; ++k) {
    options.shard = Shard{k, 2};
    for (const GradebookRow& row : fixture.run_with("shards", options).rows) {
      covered.push_back(row.student);
    }
  }
  std::sort(covered.begin(), covered.end());
  CHECK(covered == std::vector<std::string>{"=sum(1)", "alice", "bob", "carol", "dave", "erin",
                                            "frank", "gus", "zoe"});
}

TEST_CASE("a run of one part says error when none of the tests it selected gave a result") {
  ClassFixture fixture;
  // bfs right, dfs raising: an error in the dfs part, graded in the bfs part and as a whole.
  write_text(fixture.submissions / "hal.lua", read_text(fixture.submissions / "alice.lua") +
                                                  "\nfunction dfs() error('boom') end\n");
  BatchOptions options;
  options.grade.only_task = "dfs";
  const GradebookRow dfs_only = row_of(fixture.run_with("dfs", options), "hal");
  CHECK(dfs_only.status == "error");
  CHECK(dfs_only.diagnoses == std::vector<std::string>{"error"});
  options.grade.only_task = "bfs";
  CHECK(row_of(fixture.run_with("bfs", options), "hal").status == "graded");
  options.grade.only_task.clear();
  options.grade.only_test = "one";  // bfs's test one passes, dfs's test one raises
  CHECK(row_of(fixture.run_with("one", options), "hal").status == "graded");
  CHECK(row_of(fixture.run("whole", 1), "hal").status == "graded");
}
