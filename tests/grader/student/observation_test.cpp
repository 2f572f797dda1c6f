// What crosses the pipe from the grading child: every field a check reads must survive the line
// (its JSON and its tail) unchanged, and a damaged line must be refused rather than half read.
#include "grader/student/observation.h"

#include <doctest/doctest.h>

#include "grader/spec/expectation.h"
#include "tests/grader/student/observation_line_support.h"

using namespace tile;
using testing::split_line;

namespace {

const Shape kShape{3, 3};

Board board(const char* tiles) { return parse_board(kShape, tiles).value(); }

JobObservation round_trip(const JobObservation& sent) {
  auto received = observation_from_line(observation_line(sent), kShape);
  REQUIRE_MESSAGE(received, received.error());
  return *received;
}

}  // namespace

TEST_CASE("a search observation survives the pipe, budget stop included") {
  JobObservation sent;
  sent.job = 7;
  StudentSearchRun run;
  run.completed = false;
  run.error = "expansion budget of 2 problem:successors() calls exceeded";
  for (const char* tiles : {"1 2 3 4 0 5 6 7 8", "1 0 3 4 2 5 6 7 8"}) {
    record_expansion(run, board(tiles), SIZE_MAX);
  }
  run.api_calls = 12;
  run.out_of_expansions = true;
  sent.search = run;

  const JobObservation received = round_trip(sent);
  CHECK(received.job == 7);
  REQUIRE(received.search);
  CHECK_FALSE(received.search->completed);
  CHECK(received.search->error == run.error);
  CHECK(received.search->expansions == run.expansions);
  CHECK(received.search->api_calls == 12);
  CHECK(received.search->out_of_expansions);
  CHECK_FALSE(received.search->reported_count);

  run.completed = true;
  run.out_of_expansions = false;
  run.error.clear();
  run.path = {Move::Up, Move::Left};
  run.reported_count = 2;
  run.return_line = 31;  // the `return` that gave them
  sent.search = run;
  const JobObservation finished = round_trip(sent);
  REQUIRE(finished.search);
  CHECK(finished.search->completed);
  CHECK(finished.search->return_line == 31);
  CHECK_FALSE(finished.search->out_of_expansions);
  CHECK(finished.search->path == run.path);
  CHECK(finished.search->reported_count == std::optional<std::int64_t>(2));
  CHECK(finished.search->returned_boards.empty());

  // A path returned as boards (path-of-boards) crosses as boards, for the judge to name.
  run.path.clear();
  run.returned_boards = {board("1 2 3 4 0 5 6 7 8"), board("1 2 3 4 5 0 6 7 8")};
  sent.search = run;
  const JobObservation boards = round_trip(sent);
  REQUIRE(boards.search);
  CHECK(boards.search->returned_boards == run.returned_boards);
}

TEST_CASE("a run that kept its first expansions crosses with the count and digest of all") {
  const std::vector<Board> all = {board("1 2 3 4 0 5 6 7 8"), board("1 0 3 4 2 5 6 7 8"),
                                  board("1 2 3 4 0 5 6 7 8"), board("1 2 3 0 4 5 6 7 8"),
                                  board("1 2 3 4 5 0 6 7 8")};
  StudentSearchRun run;
  for (const Board& expanded : all) record_expansion(run, expanded, 2);
  CHECK(run.expansions == std::vector<Board>(all.begin(), all.begin() + 2));
  CHECK(run.expanded == 5);
  CHECK(run.expansion_digest == trace_digest(all));  // as the engine's trace is digested

  JobObservation sent;
  sent.search = run;
  const JobObservation received = round_trip(sent);
  REQUIRE(received.search);
  CHECK(received.search->expansions == run.expansions);
  CHECK(received.search->expanded == 5);
  CHECK(received.search->expansion_digest == run.expansion_digest);

  const testing::SplitLine line = split_line(sent);
  testing::SplitLine inflated = line;
  inflated.head["search"]["expanded"] = 1;  // fewer made than kept: a damaged line
  CHECK_FALSE(observation_from_line(inflated.joined(), kShape));
  testing::SplitLine bad_digest = line;
  bad_digest.head["search"]["digest"] = "not hexadecimal!";
  CHECK_FALSE(observation_from_line(bad_digest.joined(), kShape));
}

TEST_CASE("the processor time of a search call crosses the pipe, and a damaged one is refused") {
  JobObservation sent;
  StudentSearchRun run;
  run.completed = true;
  run.cpu_seconds = 0.125;
  sent.search = run;
  const JobObservation received = round_trip(sent);
  REQUIRE(received.search);
  CHECK(received.search->cpu_seconds == doctest::Approx(0.125));

  const testing::SplitLine line = split_line(sent);
  for (const nlohmann::json& damaged : {nlohmann::json(-1.0), nlohmann::json(1e300)}) {
    testing::SplitLine bad = line;
    bad.head["search"]["cpu_seconds"] = damaged;
    CHECK_FALSE(observation_from_line(bad.joined(), kShape));
  }
  testing::SplitLine older = line;  // a line without it reads as no time measured
  older.head["search"].erase("cpu_seconds");
  const auto without = observation_from_line(older.joined(), kShape);
  REQUIRE(without);
  CHECK(without->search->cpu_seconds == 0);
}

TEST_CASE("every failure kind crosses the pipe by its name, with its message") {
  for (const FailureKind kind : kAllFailureKinds) {
    CAPTURE(failure_kind_name(kind));
    CHECK(failure_kind_from_name(failure_kind_name(kind)) == kind);
    const JobObservation sent = failed_job(3, kind, kind == FailureKind::None ? "" : "s.lua:3: x");
    CHECK(split_line(sent).head.contains("failure") == (kind != FailureKind::None));
    const JobObservation received = round_trip(sent);
    CHECK(received.job == 3);
    CHECK(received.failure == kind);
    CHECK(received.failure_message == sent.failure_message);
  }
  // The names are the wire format: a child and a parent of one build agree on them, and each is
  // distinct, so no kind reads back as another.
  CHECK(failure_kind_name(FailureKind::DidNotLoad) == "did-not-load");
  for (const FailureKind a : kAllFailureKinds) {
    for (const FailureKind b : kAllFailureKinds) {
      if (a != b) CHECK(failure_kind_name(a) != failure_kind_name(b));
    }
  }
}

TEST_CASE("a failure kind the parent does not know is refused, not read as another") {
  testing::SplitLine line = split_line(failed_job(0, FailureKind::Refused, ""));
  line.head["failure"] = "your script did not load: x";
  CHECK_FALSE(observation_from_line(line.joined(), kShape));
  CHECK_FALSE(failure_kind_from_name("Did-Not-Load"));
}

TEST_CASE("a line missing a field or holding a board of another size is refused") {
  JobObservation sent;
  StudentSearchRun run;
  run.completed = true;
  record_expansion(run, board("1 2 3 4 0 5 6 7 8"), SIZE_MAX);
  sent.search = run;
  const testing::SplitLine line = split_line(sent);

  testing::SplitLine missing = line;
  missing.head["search"].erase("out_of_expansions");
  CHECK_FALSE(observation_from_line(missing.joined(), kShape));

  CHECK_FALSE(observation_from_line(line.joined(), Shape{2, 3}));
}

TEST_CASE("a function observation survives the pipe") {
  JobObservation sent;
  StudentFunctionRun run;
  run.completed = true;
  run.value.kind = FunctionValue::Kind::Board;
  run.value.board = board("1 2 3 4 5 0 7 8 6");
  sent.function = run;
  const JobObservation received = round_trip(sent);
  REQUIRE(received.function);
  CHECK(received.function->completed);
  CHECK(received.function->value == run.value);

  run.completed = false;
  run.error = "s.lua:2: slide_down returned a number value";
  run.value = FunctionValue{};
  sent.function = run;
  const JobObservation failed = round_trip(sent);
  REQUIRE(failed.function);
  CHECK_FALSE(failed.function->completed);
  CHECK(failed.function->error == run.error);
}

TEST_CASE("expansions of 5x5 boards survive the pipe; a damaged board is refused") {
  const Shape five{5, 5};
  const Board goal = goal_board(five, GoalLayout::BlankLast);
  JobObservation sent;
  StudentSearchRun run;
  for (const Board& expanded : {goal, goal.moved(Move::Up), goal.moved(Move::Left)}) {
    record_expansion(run, expanded, SIZE_MAX);
  }
  sent.search = run;
  testing::SplitLine line = split_line(sent);
  auto received = observation_from_line(line.joined(), five);
  REQUIRE_MESSAGE(received, received.error());
  CHECK(received->search->expansions == run.expansions);
  CHECK(received->search->expansions[1].blank == goal.moved(Move::Up).blank);

  line.tail[30] = line.tail[31];  // a tile twice in the second board (the tail's first part)
  CHECK_FALSE(observation_from_line(line.joined(), five));
}

TEST_CASE("a heuristic observation survives the pipe, each value with its board") {
  JobObservation sent;
  HeuristicRun run;
  run.status = SearchStatus::Solved;
  run.path = {Move::Up};
  run.cost = 1;
  run.counters.expanded = 1;
  run.values = {{board("1 2 3 4 0 5 6 7 8"), 3}, {board("1 0 3 4 2 5 6 7 8"), 4}};
  run.nondeterminism = "";
  run.calls = 2;
  sent.heuristic = run;
  const JobObservation received = round_trip(sent);
  REQUIRE(received.heuristic);
  CHECK(received.heuristic->values == run.values);
  CHECK(received.heuristic->path == run.path);
  CHECK(received.heuristic->calls == 2);
}

TEST_CASE("a script's text cannot reach the tail: tabs and newlines in it stay in the JSON") {
  JobObservation sent;
  StudentSearchRun run;
  // What a hostile script's error would say to look like a line's end and a tail of its own.
  run.error = "s.lua:1: \t012345678\t50004000\n{\"job\":0}\t012345678";
  run.path = {Move::Up};
  record_expansion(run, board("1 2 3 4 0 5 6 7 8"), SIZE_MAX);
  sent.search = run;
  const std::string line = observation_line(sent);
  // One tab, the grader's own, and no newline: the pipe's framing holds.
  CHECK(line.find('\t') == line.rfind('\t'));
  CHECK(line.find('\n') == std::string::npos);
  const auto received = observation_from_line(line, kShape);
  REQUIRE_MESSAGE(received, received.error());
  CHECK(received->search->error == run.error);
  CHECK(received->search->expansions == run.expansions);
}

TEST_CASE("a tail longer or shorter than the parts its JSON names is refused") {
  JobObservation sent;
  StudentSearchRun run;
  record_expansion(run, board("1 2 3 4 0 5 6 7 8"), SIZE_MAX);
  sent.search = run;
  const testing::SplitLine line = split_line(sent);
  REQUIRE(line.tail == "123405678");
  REQUIRE(observation_from_line(line.joined(), kShape));
  testing::SplitLine longer = line;
  longer.tail += "0";
  CHECK_FALSE(observation_from_line(longer.joined(), kShape));
  testing::SplitLine shorter = line;
  shorter.tail.pop_back();
  CHECK_FALSE(observation_from_line(shorter.joined(), kShape));
  testing::SplitLine none = line;
  none.tail.clear();
  CHECK_FALSE(observation_from_line(none.joined(), kShape));
  testing::SplitLine past = line;
  past.head["search"]["expansion_chars"] = 18;
  CHECK_FALSE(observation_from_line(past.joined(), kShape));
  // A line cut anywhere (a child that died writing it) is refused, never half read.
  const std::string whole = line.joined();
  for (std::size_t size = 0; size < whole.size(); ++size) {
    CAPTURE(size);
    CHECK_FALSE(observation_from_line(std::string_view(whole).substr(0, size), kShape));
  }
}

TEST_CASE("a second call's run crosses the pipe beside the first's, in its own field") {
  JobObservation sent;
  sent.job = 3;
  StudentSearchRun first;
  first.completed = true;
  first.path = {Move::Up, Move::Left};
  first.reported_count = 2;
  record_expansion(first, board("1 2 3 4 0 5 6 7 8"), SIZE_MAX);
  StudentSearchRun again = first;
  again.reported_count = 5;  // a counter kept at file level
  record_expansion(again, board("1 0 3 4 2 5 6 7 8"), 0);  // counted, not kept
  sent.search = first;
  sent.search_again = again;
  const JobObservation received = round_trip(sent);
  REQUIRE(received.search);
  REQUIRE(received.search_again);
  CHECK(received.search->reported_count == std::optional<std::int64_t>(2));
  CHECK(received.search->expansions == first.expansions);
  CHECK(received.search_again->reported_count == std::optional<std::int64_t>(5));
  CHECK(received.search_again->path == again.path);
  CHECK(received.search_again->expanded == 2);
  CHECK(received.search_again->expansions.size() == 1);
  CHECK(received.search_again->expansion_digest == again.expansion_digest);
  // Without one, none arrives.
  sent.search_again.reset();
  CHECK_FALSE(round_trip(sent).search_again);
}
