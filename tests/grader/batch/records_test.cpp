// A batch record proves itself: one whose content no longer matches its digest (a score edited in
// otherwise valid JSON), one that is not a record, and one of an older format are never reused;
// the student is regraded and the batch says why.
#include <doctest/doctest.h>

#include <stdlib.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "grader/batch/batch.h"
#include "grader/batch/records.h"
#include "grader/run/grade.h"
#include "tests/grader/batch/file_support.h"

using namespace tile;
using tile::testing::read_text;
using tile::testing::write_text;
namespace fs = std::filesystem;

namespace {

const char* kRecordsAssignment = R"({
  "title": "records test", "size": "2x3", "goal": "blank-last",
  "limits": {"wall_seconds": 10, "call_seconds": 5, "lua_memory_mb": 64},
  "tasks": [{"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs",
             "points": 75, "tests": [{"name": "one", "start": "1 2 3 4 0 5"}]}]
})";

// Two students with full marks, graded once into OUT.
struct GradedClass {
  fs::path root;
  std::optional<PreparedAssignment> prepared;

  GradedClass() {
    std::string pattern = (fs::temp_directory_path() / "records_test.XXXXXX").string();
    root = mkdtemp(pattern.data());
    write_text(root / "assignment/assignment.json", kRecordsAssignment);
    auto loaded = load_assignment((root / "assignment").string());
    REQUIRE(loaded);
    auto made = PreparedAssignment::prepare(std::move(*loaded));
    REQUIRE(made);
    prepared.emplace(std::move(*made));
    const std::string solution =
        read_text(fs::path(TILEGRADE_SOURCE_DIR) / "reference/classic-8puzzle/solution.lua");
    REQUIRE(!solution.empty());
    write_text(root / "class/alice.lua", solution);
    write_text(root / "class/bob.lua", solution);
    const BatchResult first = run();
    REQUIRE(first.rows.size() == 2);
    REQUIRE(first.rows[0].score == 75);
  }
  ~GradedClass() {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }

  BatchResult run(std::size_t jobs = 1) const {
    auto students = find_students((root / "class").string());
    REQUIRE(students);
    BatchOptions options;
    options.jobs = jobs;
    auto result = run_batch(*prepared, (root / "class").string(), *students,
                            (root / "out").string(), options);
    REQUIRE(result);
    return *result;
  }
  fs::path record(const std::string& student) const {
    return root / "out/records" / (student + ".json");
  }
  nlohmann::json record_json(const std::string& student) const {
    return nlohmann::json::parse(read_text(record(student)));
  }
};

}  // namespace

TEST_CASE("a record carries a digest of all it holds, and a rerun reuses it") {
  GradedClass graded;
  const nlohmann::json record = graded.record_json("alice");
  REQUIRE(record.contains("digest"));
  CHECK(record["digest"] == record_digest(record));
  CHECK(record["script_hash"].is_string());
  CHECK(record["assignment"] ==
        assignment_fingerprint(graded.prepared->assignment(), graded.prepared->expectations()));
  const BatchResult again = graded.run();
  CHECK(again.reused == 2);
  CHECK(again.damaged_records.empty());
  CHECK(again.older_records == 0);
}

TEST_CASE("a score edited in a record is regraded, and the batch names the student and why") {
  GradedClass graded;
  std::string text = read_text(graded.record("alice"));
  const auto at = text.find("\"score\": 75");
  REQUIRE(at != std::string::npos);
  text.replace(at, 11, "\"score\": 15");  // still valid JSON, still a well-formed record
  write_text(graded.record("alice"), text);

  const BatchResult result = graded.run(2);  // the note travels back from a worker process
  CHECK(result.reused == 1);  // bob
  CHECK(result.rows[0].student == "alice");
  CHECK_FALSE(result.rows[0].reused);
  CHECK(result.rows[0].score == 75);
  REQUIRE(result.damaged_records.size() == 1);
  CHECK(result.damaged_records[0].student == "alice");
  CHECK(result.damaged_records[0].why == "does not match its digest (it was edited or damaged)");
  CHECK(read_text(graded.root / "out/gradebook.csv").find("alice,75,75,75,graded") !=
        std::string::npos);
  // The regrade wrote a sound record: the next run reuses it and says nothing.
  const BatchResult next = graded.run();
  CHECK(next.reused == 2);
  CHECK(next.damaged_records.empty());
}

TEST_CASE("a score edited with its digest recomputed does not add up, and is regraded") {
  GradedClass graded;
  for (const bool with_tasks : {false, true}) {
    CAPTURE(with_tasks);
    // Lowered, then the digest sealed again: what the digest alone cannot catch. Without the
    // task scores the row disagrees with itself; with them, with the student's JSON report.
    nlohmann::json record = graded.record_json("alice");
    record["row"]["score"] = 15;
    if (with_tasks) record["row"]["task_scores"] = {15};
    record["digest"] = record_digest(record);
    write_text(graded.record("alice"), record.dump());
    const BatchResult result = graded.run();
    CHECK(result.reused == 1);  // bob
    CHECK_FALSE(result.rows[0].reused);
    CHECK(result.rows[0].score == 75);
    REQUIRE(result.damaged_records.size() == 1);
    CHECK(result.damaged_records[0].why ==
          "does not add up (its score is not the sum of its task scores, or not its report's)");
  }
}

TEST_CASE("a record that is not one, or has no digest, is regraded and said so") {
  GradedClass graded;
  write_text(graded.record("alice"), "[1, 2, 3]\n");
  nlohmann::json bob = graded.record_json("bob");
  bob.erase("digest");
  write_text(graded.record("bob"), bob.dump());
  const BatchResult result = graded.run();
  CHECK(result.reused == 0);
  REQUIRE(result.damaged_records.size() == 2);
  CHECK(result.damaged_records[0].why == "is not a record");
  CHECK(result.damaged_records[1].student == "bob");
  CHECK(result.damaged_records[1].why == "has no digest");
}

TEST_CASE("records of an older format are regraded and counted, not named one by one") {
  GradedClass graded;
  for (const char* student : {"alice", "bob"}) {
    nlohmann::json old = graded.record_json(student);
    old.erase("digest");
    old["format"] = 3;  // what tilegrade wrote before records carried a digest
    write_text(graded.record(student), old.dump(2));
  }
  const BatchResult result = graded.run();
  CHECK(result.reused == 0);
  CHECK(result.older_records == 2);
  CHECK(result.damaged_records.empty());
  CHECK(graded.record_json("alice")["format"] == 5);
}

TEST_CASE("a sealed record of format 4 (no trace or count in its summary) is regraded as older") {
  GradedClass graded;
  nlohmann::json old = graded.record_json("alice");
  old["format"] = 4;
  for (auto& test : old["class"]["tests"]) {
    test.erase("trace");
    test.erase("count");
  }
  old.erase("digest");
  old["digest"] = record_digest(old);
  write_text(graded.record("alice"), old.dump(2));
  const BatchResult result = graded.run();
  CHECK(result.older_records == 1);
  CHECK(result.damaged_records.empty());
  CHECK(graded.record_json("alice")["format"] == 5);
  CHECK(graded.record_json("alice")["class"]["tests"][0].contains("trace"));
}

TEST_CASE("a sound record of another assignment is stale, not damaged: regraded silently") {
  GradedClass graded;
  nlohmann::json record = graded.record_json("alice");
  record["assignment"] = "0123456789abcdef";
  record["digest"] = record_digest(record);
  write_text(graded.record("alice"), record.dump());
  const BatchResult result = graded.run();
  CHECK_FALSE(result.rows[0].reused);
  CHECK(result.damaged_records.empty());
  CHECK(result.older_records == 0);
}

TEST_CASE("a report that cannot be written is an output error, not bad input") {
  // Its folder is a file: no permission trick that root would ignore.
  std::string pattern = (fs::temp_directory_path() / "records_test.XXXXXX").string();
  const fs::path root = mkdtemp(pattern.data());
  write_text(root / "reports", "a file where the reports folder should be");
  const Places places{.submissions_dir = (root / "class").string(),
                      .reports_dir = (root / "reports").string(),
                      .records_dir = (root / "records").string(),
                      .fingerprint = "f"};
  const auto written = write_reports(places, "alice", GradeReport{});
  REQUIRE_FALSE(written);
  CHECK(written.error_kind() == ErrorKind::Io);
  CHECK(written.error().find((root / "reports").string()) != std::string::npos);
  fs::remove_all(root);
}
