// The problem API of search tasks: successors in the assignment's action order with the cost
// model's costs, every expansion recorded in order, the returned path in every accepted format,
// and budgets and misuse ending the run with a clear error.
#include "grader/sandbox/lua_problem.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/random_boards.h"
#include "engine/search.h"
#include "grader/sandbox/lua_heuristic.h"
#include "grader/spec/expectation.h"
#include "tests/grader/sandbox/lua_test_support.h"

namespace tile {
namespace {

using testing::must_load;
using testing::goal_3x3;

Board parse_3x3(const char* tiles) { return *parse_board(Shape{3, 3}, tiles); }
StudentSearchRun run(LuaSandbox& sandbox, const char* function, const Problem& problem,
                     ResolvedSemantics semantics = resolve(Semantics{}, Algorithm::Bfs),
                     Heuristic* heuristic = nullptr, SearchCallLimits limits = {}) {
  return run_student_search(sandbox, function, problem, semantics, heuristic, limits);
}

TEST_CASE("a Lua BFS reproduces the engine's expansions, path and count") {
  auto sandbox = must_load(testing::kCorrectBfs);
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Problem problem{scrambled_board(goal, 10, seed), goal};
    SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
    spec.record_trace = true;
    const SearchResult engine = search(problem, spec);
    REQUIRE(engine.solved());
    const StudentSearchRun student = run(*sandbox, "bfs", problem);
    REQUIRE_MESSAGE(student.completed, student.error);
    CHECK(student.path == engine.path);
    CHECK(student.reported_count == std::optional<std::int64_t>(engine.counters.expanded));
    CHECK(student.expansions == engine.trace);
    CHECK(student.api_calls > student.expansions.size());
  }
}

TEST_CASE("a run asked to keep a few expansions counts and digests every one of them") {
  auto sandbox = must_load(testing::kCorrectBfs);
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  const Problem problem{scrambled_board(goal, 12, 3), goal};
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  spec.record_trace = true;
  const SearchResult engine = search(problem, spec);
  REQUIRE(engine.trace.size() > 5);
  const StudentSearchRun kept = run_student_search(
      *sandbox, "bfs", problem, resolve(Semantics{}, Algorithm::Bfs), nullptr, {}, 5);
  REQUIRE_MESSAGE(kept.completed, kept.error);
  CHECK(kept.expansions == std::vector<Board>(engine.trace.begin(), engine.trace.begin() + 5));
  CHECK(kept.expanded == engine.trace.size());
  CHECK(kept.expansion_digest == trace_digest(engine.trace));
  CHECK(kept.path == engine.path);
}

TEST_CASE("a run told the reference's order stops at its first expansion that leaves it") {
  auto sandbox = must_load(testing::kCorrectBfs);
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  const Problem problem{scrambled_board(goal, 12, 3), goal};
  SearchSpec spec = SearchSpec::of(Algorithm::Bfs);
  spec.record_trace = true;
  const SearchResult engine = search(problem, spec);
  REQUIRE(engine.trace.size() > 5);
  const ResolvedSemantics semantics = resolve(Semantics{}, Algorithm::Bfs);
  // The same order: the run completes as it would unguided.
  const StudentSearchRun same = run_student_search(*sandbox, "bfs", problem, semantics, nullptr,
                                                   {}, SIZE_MAX, {}, &engine.trace);
  CHECK_MESSAGE(same.completed, same.error);
  CHECK_FALSE(same.left_reference_order);
  CHECK(same.expansions == engine.trace);
  // An order whose fourth board differs: three expansions follow it, the fourth stops the run.
  std::vector<Board> other = engine.trace;
  other[3] = goal;
  const StudentSearchRun stopped = run_student_search(*sandbox, "bfs", problem, semantics,
                                                      nullptr, {}, SIZE_MAX, {}, &other);
  CHECK_FALSE(stopped.completed);
  CHECK(stopped.left_reference_order);
  CHECK(stopped.expanded == 3);
  // An order that ends early: the expansion past its end stops the run.
  other = std::vector<Board>(engine.trace.begin(), engine.trace.begin() + 2);
  const StudentSearchRun past = run_student_search(*sandbox, "bfs", problem, semantics, nullptr,
                                                   {}, SIZE_MAX, {}, &other);
  CHECK(past.left_reference_order);
  CHECK(past.expanded == 2);
}

TEST_CASE("a run equal to the passing run named for it keeps its record's counts only") {
  auto sandbox = must_load(testing::kCorrectBfs);
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  const Problem problem{scrambled_board(goal, 12, 3), goal};
  const ResolvedSemantics bfs = resolve(Semantics{}, Algorithm::Bfs);
  const StudentSearchRun whole = run(*sandbox, "bfs", problem);
  REQUIRE_MESSAGE(whole.completed, whole.error);
  REQUIRE(whole.observed.complete());
  REQUIRE(whole.reported_count);
  PassingRun passing{.known = true,
                     .path = whole.path,
                     .count = *whole.reported_count,
                     .expanded = whole.expanded,
                     .expansion_digest = whole.expansion_digest};
  const StudentSearchRun equal =
      run_student_search(*sandbox, "bfs", problem, bfs, nullptr, {}, SIZE_MAX, passing);
  REQUIRE_MESSAGE(equal.completed, equal.error);
  CHECK(equal.path == whole.path);
  CHECK(equal.expansions == whole.expansions);
  CHECK(equal.observed.total_calls() == whole.observed.total_calls());
  CHECK(equal.observed.children_returned == whole.observed.children_returned);
  CHECK(equal.observed.boards == std::vector<Board>{problem.start});
  CHECK(equal.observed.calls.empty());
  // Any other run (here: another count named) keeps the whole record, as with none named.
  passing.count += 1;
  const StudentSearchRun other =
      run_student_search(*sandbox, "bfs", problem, bfs, nullptr, {}, SIZE_MAX, passing);
  CHECK(other.observed == whole.observed);
}

TEST_CASE("a search call reports the processor time it took, for validate's budget pace") {
  // Busy for a few million steps before answering: measurably more than nothing, and a finished
  // call's time never comes out negative.
  auto sandbox = must_load(R"(
    function bfs(problem)
      local x = 0
      for i = 1, 3000000 do x = x + i % 7 end
      return {}, x
    end
  )");
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  const StudentSearchRun busy = run(*sandbox, "bfs", Problem{goal, goal});
  REQUIRE_MESSAGE(busy.completed, busy.error);
  CHECK(busy.cpu_seconds > 0);
  CHECK(busy.cpu_seconds < 60);
}

TEST_CASE("successors follow the action order, skip impossible moves and cost by the model") {
  auto sandbox = must_load(R"(
    function moves(problem)
      local names, total = {}, 0
      for i, step in ipairs(problem:successors(problem.start)) do
        names[i] = step.move
        total = total + step.cost
      end
      assert(table.concat(problem.actions, ",") == ACTIONS, table.concat(problem.actions, ","))
      return names, total
    end
  )");
  REQUIRE(sandbox);
  ResolvedSemantics semantics = resolve(Semantics{}, Algorithm::Ucs);
  semantics.action_order = *parse_action_order("RLDU");
  semantics.cost = CostModel::Tile;

  lua_pushstring(sandbox->state(), "Right,Left,Down,Up");
  lua_setglobal(sandbox->state(), "ACTIONS");
  const Board centre = parse_3x3("1 2 3 4 0 5 6 7 8");  // every move possible
  const StudentSearchRun all = run(*sandbox, "moves", {centre, goal_3x3()}, semantics);
  REQUIRE_MESSAGE(all.completed, all.error);
  CHECK(all.path == std::vector<Move>{Move::Right, Move::Left, Move::Down, Move::Up});
  CHECK(all.reported_count == std::optional<std::int64_t>(5 + 4 + 7 + 2));  // tiles moved
  CHECK(all.expansions == std::vector<Board>{centre});

  const Board corner = parse_3x3("0 1 2 3 4 5 6 7 8");  // only Right and Down
  const StudentSearchRun two = run(*sandbox, "moves", {corner, goal_3x3()}, semantics);
  REQUIRE_MESSAGE(two.completed, two.error);
  CHECK(two.path == std::vector<Move>{Move::Right, Move::Down});
  CHECK(two.reported_count == std::optional<std::int64_t>(1 + 3));

  semantics.cost = CostModel::Unit;
  const StudentSearchRun unit = run(*sandbox, "moves", {corner, goal_3x3()}, semantics);
  CHECK(unit.reported_count == std::optional<std::int64_t>(2));
}

TEST_CASE("problem:key names a state by its tiles, two-digit tiles included") {
  auto sandbox = must_load(R"(
    function key_of_start(problem)
      local key = problem:key(problem.start)
      assert(key == EXPECTED, key)
      local first = problem:successors(problem.start)[1]
      assert(problem:key(first.state) ~= key, "a neighbour has the start's key")
      return "", 0
    end
  )");
  REQUIRE(sandbox);
  const Shape shape{4, 4};
  const Board start = *parse_board(shape, "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0");
  lua_pushstring(sandbox->state(), "15,14,13,12,11,10,9,8,7,6,5,4,3,2,1,0");
  lua_setglobal(sandbox->state(), "EXPECTED");
  const StudentSearchRun result = run(*sandbox, "key_of_start",
                                      {start, goal_board(shape, GoalLayout::BlankLast)});
  CHECK_MESSAGE(result.completed, result.error);
}

TEST_CASE("paths are accepted as move names in any case or as a string of letters") {
  auto sandbox = must_load(R"(
    function letters() return "ULL", 3 end
    function lower() return "u l, l", 3 end
    function names() return {"Up", "Left", "Left"}, 3 end
    function mixed() return {"U", "left", "LEFT"}, 3.0 end
    function no_count() return "ULL" end
    function empty() return "", 0 end
    function empty_table() return {}, 0 end
  )");
  REQUIRE(sandbox);
  const Problem problem{parse_3x3("1 2 3 4 5 6 7 8 0"), goal_3x3()};
  const std::vector<Move> ull = {Move::Up, Move::Left, Move::Left};
  for (const char* function : {"letters", "lower", "names", "mixed"}) {
    CAPTURE(function);
    const StudentSearchRun result = run(*sandbox, function, problem);
    REQUIRE_MESSAGE(result.completed, result.error);
    CHECK(result.path == ull);
    CHECK(result.reported_count == std::optional<std::int64_t>(3));
  }
  const StudentSearchRun no_count = run(*sandbox, "no_count", problem);
  REQUIRE(no_count.completed);
  CHECK_FALSE(no_count.reported_count);
  for (const char* function : {"empty", "empty_table"}) {
    const StudentSearchRun result = run(*sandbox, function, problem);
    REQUIRE(result.completed);
    CHECK(result.path.empty());
  }
}

TEST_CASE("malformed results fail the run with a message saying what was wrong") {
  auto sandbox = must_load(R"(
    function number() return 42, 1 end
    function nothing() end
    function bad_name() return {"Up", "Upp"}, 1 end
    function bad_element() return {"Up", 7}, 1 end
    function bad_letter() return "ULX", 1 end
    function string_count() return "U", "five" end
    function fractional_count() return "U", 2.5 end
    function table_count() return "U", {} end
  )");
  REQUIRE(sandbox);
  const Problem problem{parse_3x3("1 2 3 4 5 6 7 8 0"), goal_3x3()};
  struct Case {
    const char* function;
    const char* error;
  };
  const Case cases[] = {
      {"number",
       "test.lua:2: number returned a number where a path was expected (a list of moves "
       "such as {\"Up\", \"Left\"} or a string such as \"UL\")"},
      {"nothing", "test.lua:3: nothing returned nil where a path was expected"},
      {"bad_name",
       "test.lua:4: bad_name returned a path whose element 2 is \"Upp\" (expected "
       "\"Up\", \"Down\", \"Left\", \"Right\" or U, D, L, R)"},
      {"bad_element", "test.lua:5: bad_element returned a path whose element 2 is a number value"},
      {"bad_letter",
       "test.lua:6: bad_letter returned a path string whose 'X' at position 3 is "
       "not a move (use U, D, L, R)"},
      {"string_count",
       "test.lua:7: string_count returned a string where a count (a whole "
       "number) was expected"},
      {"fractional_count",
       "test.lua:8: fractional_count returned 2.5 as the count (it must be a "
       "whole number)"},
      {"table_count", "test.lua:9: table_count returned a table where a count"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.function);
    const StudentSearchRun result = run(*sandbox, c.function, problem);
    CHECK_FALSE(result.completed);
    CHECK(result.path.empty());
    CHECK(result.error.rfind(c.error, 0) == 0);
  }
}

TEST_CASE("errors in the student's code carry file:line; a missing function is named") {
  auto sandbox = must_load("function broken(problem)\n  local s = nil\n  return s.path\nend\n");
  REQUIRE(sandbox);
  const Problem problem{parse_3x3("1 2 3 4 5 6 7 0 8"), goal_3x3()};
  const StudentSearchRun broken = run(*sandbox, "broken", problem);
  CHECK_FALSE(broken.completed);
  CHECK(broken.error.rfind("test.lua:3: attempt to index a nil value (local 's')", 0) == 0);
  const StudentSearchRun missing = run(*sandbox, "astar", problem);
  CHECK_FALSE(missing.completed);
  CHECK(missing.error ==
        "test.lua: no global function 'astar' (define function astar(problem) ... end)");
}

TEST_CASE("budgets end the run even when the script swallows every error") {
  auto sandbox = must_load(R"(
    function expand_forever(problem)
      while true do pcall(problem.successors, problem, problem.start) end
    end
    function call_forever(problem)
      while true do pcall(problem.key, problem, problem.start) end
    end
  )");
  REQUIRE(sandbox);
  const Problem problem{parse_3x3("1 2 3 4 5 6 7 0 8"), goal_3x3()};
  SearchCallLimits limits;
  limits.max_expansions = 5;
  const StudentSearchRun expanded = run(*sandbox, "expand_forever", problem,
                                        resolve(Semantics{}, Algorithm::Bfs), nullptr, limits);
  CHECK_FALSE(expanded.completed);
  CHECK(expanded.error == "expansion budget of 5 problem:successors() calls exceeded");
  CHECK(expanded.expansions.size() == 5);

  limits = {};
  limits.max_api_calls = 10;
  const StudentSearchRun called =
      run(*sandbox, "call_forever", problem, resolve(Semantics{}, Algorithm::Bfs), nullptr, limits);
  CHECK_FALSE(called.completed);
  CHECK(called.error == "API budget of 10 problem calls exceeded");
}

TEST_CASE("misusing the API gives errors that say how to use it") {
  auto sandbox = must_load(R"(
    function dot(problem) return problem.successors(problem.start) end
    function not_a_state(problem) return problem:successors({1, 2, 3}) end
    function duplicate(problem) return problem:is_goal({1, 1, 2, 3, 4, 5, 6, 7, 8}) end
    function nothing(problem) return problem:key() end
    function write(problem) problem.start.extra = true end
    function keep(problem) saved = problem return "", 0 end
    function reuse(problem) return saved:successors(saved.start), 0 end
    function no_h(problem) return "", problem:h(problem.start) end
  )");
  REQUIRE(sandbox);
  const Problem problem{parse_3x3("1 2 3 4 5 6 7 0 8"), goal_3x3()};
  struct Case {
    const char* function;
    const char* error;
  };
  const Case cases[] = {
      {"dot", "test.lua:2: call it as problem:successors(state), with a colon"},
      {"not_a_state", "test.lua:3: problem:successors: not a state: cell 4 holds a nil value"},
      {"duplicate", "test.lua:4: problem:is_goal: not a state: tile 1 appears twice"},
      {"nothing", "test.lua:5: problem:key: expected a state, got nothing"},
      {"write", "test.lua:6: boards and states are read-only"},
      {"no_h", "test.lua:9: h: this task has no heuristic"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.function);
    const StudentSearchRun result = run(*sandbox, c.function, problem);
    CHECK_FALSE(result.completed);
    CHECK(result.error.rfind(c.error, 0) == 0);
  }
  REQUIRE(run(*sandbox, "keep", problem).completed);
  const StudentSearchRun reused = run(*sandbox, "reuse", problem);
  CHECK_FALSE(reused.completed);
  CHECK(reused.error.rfind(
            "test.lua:8: problem:successors: this problem belongs to a search that has finished",
            0) == 0);
}

TEST_CASE("problem:h and h(s) evaluate the task's heuristic, native or Lua, even in coroutines") {
  auto sandbox = must_load(R"(
    function heuristic(board)
      local sum = 0
      for cell = 1, board:size() do
        local tile = board[cell]
        if tile ~= 0 then
          local goal = board:goal_cell(tile)
          sum = sum + math.abs(board:row(cell) - board:row(goal))
                    + math.abs(board:col(cell) - board:col(goal))
        end
      end
      if sum == 4 then return 0 / 0 end
      return sum
    end
    function both(problem, h) return "", problem:h(problem.start) * 1000 + h(problem.start) end
    function in_coroutine(problem, h)
      local co = coroutine.wrap(function() return problem:h(problem.start) end)
      return "", co()
    end
    function swallow(problem, h)
      pcall(h, problem.start)
      return "", 1
    end
  )");
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  const Problem problem{parse_3x3("1 2 3 4 0 6 7 5 8"), goal};  // Manhattan 2
  auto native = make_builtin_heuristic("manhattan", goal);
  REQUIRE(native);
  auto lua = LuaHeuristic::create(*sandbox, "heuristic", goal, 1000);
  REQUIRE(lua);
  const ResolvedSemantics semantics = resolve(Semantics{}, Algorithm::Astar);
  for (Heuristic* heuristic : {native->get(), static_cast<Heuristic*>(lua->get())}) {
    CAPTURE(heuristic->name());
    const StudentSearchRun result = run(*sandbox, "both", problem, semantics, heuristic);
    REQUIRE_MESSAGE(result.completed, result.error);
    CHECK(result.reported_count == std::optional<std::int64_t>(2002));
    const StudentSearchRun nested = run(*sandbox, "in_coroutine", problem, semantics, heuristic);
    REQUIRE_MESSAGE(nested.completed, nested.error);
    CHECK(nested.reported_count == std::optional<std::int64_t>(2));
  }
  // A failing heuristic ends the run, even inside pcall.
  const Problem harmless{parse_3x3("1 2 3 4 5 6 0 7 8"), goal};
  const Problem failing{parse_3x3("1 2 3 5 0 6 4 7 8"), goal};  // Manhattan 4: returns nan
  const StudentSearchRun swallowed = run(*sandbox, "swallow", failing, semantics, lua->get());
  CHECK_FALSE(swallowed.completed);
  CHECK(swallowed.error == "test.lua:2: heuristic returned nan (must be a whole number >= 0)");
  CHECK(run(*sandbox, "swallow", harmless, semantics, lua->get()).completed);
}

TEST_CASE("every API call is observed in order, with the children successors returned") {
  auto sandbox = must_load(testing::kCorrectBfs);
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  const Problem problem{scrambled_board(goal, 8, 3), goal};
  const StudentSearchRun student = run(*sandbox, "bfs", problem);
  REQUIRE_MESSAGE(student.completed, student.error);
  const ObservedSearch& observed = student.observed;
  CHECK(observed.complete());
  CHECK(observed.boards.front() == problem.start);
  CHECK(observed.successors_calls == student.expanded);
  CHECK(observed.goal_tests == student.expanded + 1);  // each pop, the goal's included
  CHECK(observed.key_calls == observed.children_returned + 1);
  CHECK(observed.heuristic_calls == 0);
  // The script's own calls in its own order: key(start), then per pop is_goal, successors, keys.
  REQUIRE(observed.calls.size() >= 3);
  CHECK(observed.calls[0].kind == ObservedCallKind::Key);
  CHECK(observed.calls[1].kind == ObservedCallKind::IsGoal);
  CHECK(observed.calls[2].kind == ObservedCallKind::Successors);
  std::size_t expansion = 0;
  for (const ObservedCall& call : observed.calls) {
    if (call.kind != ObservedCallKind::Successors) continue;
    const Board& parent = observed.boards[call.board];
    CHECK(parent == student.expansions[expansion++]);
    for (std::size_t i = 0; i < call.child_count; ++i) {
      const ObservedChild& child = observed.children[call.first_child + i];
      CHECK(observed.boards[child.board] == parent.moved(child.move));
    }
  }
  CHECK(expansion == student.expansions.size());
}

// The line of `source` holding `marker` (1 = the first line), as Lua counts them.
std::uint32_t line_of(const std::string& source, const std::string& marker) {
  const std::size_t at = source.find(marker);
  REQUIRE(at != std::string::npos);
  return static_cast<std::uint32_t>(1 + std::count(source.begin(), source.begin() + at, '\n'));
}

TEST_CASE("each API call is observed with the line of the script it was made from") {
  // Each call made from a place the stack reaches it by differently: the search function itself,
  // through pcall (a C frame between), from a comparison heapq's Lua calls, a tail call, inside a
  // coroutine, and from a helper of the script's.
  const std::string source = R"(
local P
local function by_h(a, b)
  return P:h(a) < P:h(b)  -- @h-in-less
end
local function key_of(s)
  return P:key(s)  -- @tail-call
end
local function helper(s)
  local k = P:key(s)  -- @helper
  return k
end
function search(problem)
  P = problem
  local start = problem.start
  if problem:is_goal(start) then return "", 0 end  -- @is-goal
  local ok, children = pcall(problem.successors, problem, start)  -- @pcall
  assert(ok)
  local heap = {}
  for _, child in ipairs(children) do heapq.push(heap, child.state, by_h) end
  key_of(start)
  local co = coroutine.wrap(function() coroutine.yield(problem:key(start)) end)  -- @coroutine
  co()
  helper(start)
  return "", 1
end
)";
  auto sandbox = must_load(source);
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  auto manhattan = make_builtin_heuristic("manhattan", goal);
  REQUIRE(manhattan);
  const Problem problem{parse_3x3("1 2 3 4 0 5 6 7 8"), goal};
  const StudentSearchRun student =
      run(*sandbox, "search", problem, resolve(Semantics{}, Algorithm::Bfs), manhattan->get());
  REQUIRE_MESSAGE(student.completed, student.error);
  const std::vector<ObservedCall>& calls = student.observed.calls;
  REQUIRE(calls.size() >= 6);
  CHECK(calls[0].kind == ObservedCallKind::IsGoal);
  CHECK(calls[0].line == line_of(source, "@is-goal"));
  CHECK(calls[1].kind == ObservedCallKind::Successors);
  CHECK(calls[1].line == line_of(source, "@pcall"));
  std::size_t h_calls = 0;
  for (std::size_t i = 2; i + 3 < calls.size(); ++i) {
    CHECK(calls[i].kind == ObservedCallKind::Heuristic);
    CHECK(calls[i].line == line_of(source, "@h-in-less"));
    ++h_calls;
  }
  CHECK(h_calls > 0);  // four children pushed: at least one comparison
  const std::size_t keys = calls.size() - 3;
  CHECK(calls[keys].kind == ObservedCallKind::Key);
  CHECK(calls[keys].line == line_of(source, "@tail-call"));
  CHECK(calls[keys + 1].line == line_of(source, "@coroutine"));
  CHECK(calls[keys + 2].line == line_of(source, "@helper"));
}

TEST_CASE("a call made from no function of the script's has no line") {
  // coroutine.wrap(problem.key) runs the API function as a coroutine of its own, whose stack holds
  // no frame but the C function's: that call has no line. The comparison table.sort calls is the
  // script's, found past sort's C frame.
  const std::string source = R"(
function search(problem)
  local co = coroutine.wrap(problem.key)
  co(problem, problem.start)
  local sorted = {problem.start, problem.start}
  table.sort(sorted, function(a, b) return problem:key(a) < problem:key(b) end)  -- @sort
  return "", 0
end
)";
  auto sandbox = must_load(source);
  REQUIRE(sandbox);
  const Board goal = goal_3x3();
  const Problem problem{parse_3x3("1 2 3 4 0 5 6 7 8"), goal};
  const StudentSearchRun student = run(*sandbox, "search", problem);
  REQUIRE_MESSAGE(student.completed, student.error);
  const std::vector<ObservedCall>& calls = student.observed.calls;
  REQUIRE(calls.size() >= 1);
  CHECK(calls[0].kind == ObservedCallKind::Key);
  CHECK(calls[0].line == 0);  // the coroutine's only frame is the C function itself
  for (std::size_t i = 1; i < calls.size(); ++i) CHECK(calls[i].line == line_of(source, "@sort"));
}

}  // namespace
}  // namespace tile

namespace tile {
namespace {

TEST_CASE("the line the search returned its count from is noted, past every inner return") {
  // Returns inside: helpers, pcall, a comparison table.sort calls, a coroutine, a recursion of
  // the search function itself; the line is the outermost call's own `return`.
  const std::string source = R"(
local function helper(x)
  return x + 1
end
function search(problem, depth)
  depth = depth or 0
  if depth < 2 then
    local path, count = search(problem, depth + 1)
    local ok = pcall(helper, 1)
    local t = {3, 1, 2}
    table.sort(t, function(a, b) return a < b end)
    local co = coroutine.wrap(function() return 1 end)
    co()
    if depth == 0 then
      return path, helper(count)  -- @outer
    end
    return path, count  -- @middle
  end
  return "", 0  -- @innermost
end
function falls_off(problem)
  local x = 1
end  -- @end
local function tail(problem)
  local n = 4
  return "", n  -- @tail
end
function tail_calls(problem)
  return tail(problem)
end
function c_returns(problem)
  return select(1, "", 2)  -- @select
end
function raises(problem)
  error("no")
end
)";
  auto sandbox = must_load(source);
  REQUIRE(sandbox);
  const Problem problem{goal_3x3(), goal_3x3()};
  const StudentSearchRun outer = run(*sandbox, "search", problem);
  REQUIRE_MESSAGE(outer.completed, outer.error);
  CHECK(outer.return_line == line_of(source, "@outer"));
  // A function that returns nothing is no answer, but its return is still where it ended.
  const StudentSearchRun none = run(*sandbox, "falls_off", problem);
  CHECK_FALSE(none.completed);
  CHECK(none.return_line == line_of(source, "@end"));
  // A tail call leaves the search's frame to the function it calls: that one's `return`.
  const StudentSearchRun tail = run(*sandbox, "tail_calls", problem);
  REQUIRE_MESSAGE(tail.completed, tail.error);
  CHECK(tail.return_line == line_of(source, "@tail"));
  // A C function in a tail call runs above the search's frame, which then returns on its line.
  const StudentSearchRun c = run(*sandbox, "c_returns", problem);
  REQUIRE_MESSAGE(c.completed, c.error);
  CHECK(c.return_line == line_of(source, "@select"));
  const StudentSearchRun raised = run(*sandbox, "raises", problem);
  CHECK_FALSE(raised.completed);
  CHECK(raised.return_line == 0);
  // Nothing of a run is left for the next: a second run notes its own return.
  const StudentSearchRun again = run(*sandbox, "search", problem);
  CHECK(again.return_line == line_of(source, "@outer"));
}

}  // namespace
}  // namespace tile
