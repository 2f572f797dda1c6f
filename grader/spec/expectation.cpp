#include "grader/spec/expectation.h"

#include <new>

#include "grader/spec/json_input.h"


#include "engine/fnv1a.h"
#include "engine/named_heuristic.h"
#include "grader/spec/counters_json.h"
#include "engine/files.h"
#include "grader/spec/optimal_cost.h"
#include "grader/spec/task_heuristic.h"
#include "grader/spec/text.h"

namespace tile {

using nlohmann::json;

SearchSpec engine_spec(const Task& task, Heuristic* heuristic, bool record_trace) {
  SearchSpec spec = SearchSpec::of(task.algorithm, task.semantics);  // resolved once, at load
  spec.heuristic = heuristic;
  spec.weight = task.weight;
  spec.limits.max_nodes = task.limits.engine_nodes;
  spec.record_trace = record_trace;
  return spec;
}

std::uint64_t trace_digest(const std::vector<Board>& trace) {
  Fnv1a hash;
  for (const Board& board : trace) {
    for (int cell = 0; cell < board.cells(); ++cell) {
      hash.add_byte(static_cast<std::uint8_t>(board.at(cell)));
    }
  }
  return hash.value();
}

Result<Expectation> compute_expectation(const Task& task, const TestCase& test) {
  Expectation out;
  out.task = task.name;
  out.test = test.name;
  out.start = test.start;
  if (task.kind == TaskKind::Function) {
    out.answer = reference_answer(task.computes, test.start, task.goal);
    return out;
  }
  const Problem problem{test.start, task.goal};
  const ResolvedSemantics resolved = task.semantics;

  // The student's heuristic is known only from a submission's run: until one is recorded, the
  // expectation is the test's board alone.
  const bool unknown_heuristic = uses_student_heuristic(task) && !task.student_heuristic_values;
  if (task.kind == TaskKind::Search && !unknown_heuristic) {
    std::unique_ptr<Heuristic> heuristic;
    if (task.heuristic) {
      auto made = make_task_heuristic(task);
      if (!made) return made.failure();
      heuristic = std::move(*made);
    }
    const SearchResult result = search(problem, engine_spec(task, heuristic.get(), true));
    if (result.status != SearchStatus::Solved) {
      return Error{"task " + task.name + ", test " + test.name + ": the engine did not solve it (" +
                   std::string(status_name(result.status)) +
                   (result.message.empty() ? "" : ": " + result.message) +
                   "); raise limits.engine_nodes or pick an easier board"};
    }
    out.status = result.status;
    out.path = result.path;
    out.cost = result.cost;
    out.counters = result.counters;
    out.count = result.count();  // with count_offset
    out.trace = result.trace;
    out.trace_digest = trace_digest(result.trace);
  }
  if (task.kind == TaskKind::Heuristic || task.checks.path == PathCheck::Optimal) {
    auto optimal = optimal_solution(problem, resolved.cost, task.limits.engine_nodes);
    if (!optimal) return optimal.failure_in("task " + task.name + ", test " + test.name + ": ");
    out.optimal_cost = optimal->cost;
    out.optimal_path = optimal->path;
  }
  if (task.kind == TaskKind::Heuristic && task.baseline) {
    auto baseline = make_named_heuristic(*task.baseline, task.goal);
    if (!baseline) return baseline.failure_in("task " + task.name + ".baseline: ");
    const SearchResult result = search(problem, engine_spec(task, baseline->get(), false));
    if (result.status != SearchStatus::Solved) {
      return Error{"task " + task.name + ", test " + test.name + ": the baseline search stopped (" +
                   std::string(status_name(result.status)) + ")"};
    }
    out.baseline_count = result.count();
  }
  return out;
}

Result<std::vector<Expectation>> compute_all_expectations(const Assignment& assignment,
                                                          std::uint64_t max_trace_boards) {
  std::vector<Expectation> all;
  std::uint64_t trace_boards = 0;
  const Task* task_now = nullptr;
  const TestCase* test_now = nullptr;
  // The totals bound what an assignment can ask for; an allocation that still fails (a machine
  // with less memory than the caps assume) is this assignment's error, said as one, never a
  // bad_alloc that ends the command.
  try {
    for (const Task& task : assignment.tasks) {
      task_now = &task;
      for (const TestCase& test : task.tests) {
        test_now = &test;
        auto expectation = compute_expectation(task, test);
        if (!expectation) return expectation.failure();
        trace_boards += expectation->trace.size();
        if (trace_boards > max_trace_boards) {
          return Error{"task " + task.name + ", test " + test.name +
                       ": the engine's expansion orders over all tests so far hold more than " +
                       std::to_string(max_trace_boards) +
                       " boards, the most an assignment may ask for (use fewer or easier tests, "
                       "or lower limits.engine_nodes)"};
        }
        all.push_back(std::move(*expectation));
      }
    }
  } catch (const std::bad_alloc&) {
    all = {};  // what the message needs, it can allocate again
    const std::string where =
        task_now && test_now ? "task " + task_now->name + ", test " + test_now->name + ": " : "";
    return Error{where + "out of memory computing the engine's expected answers (use fewer or "
                         "easier tests, or lower limits.engine_nodes)"};
  }
  return all;
}

namespace {

std::string hex(std::uint64_t value) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = digits[value & 15];
  return out;
}

json expectation_to_json(const Expectation& e) {
  json out;
  out["test"] = e.test;
  out["start"] = format_tiles(e.start);
  if (!e.path.empty() || e.status == SearchStatus::Solved) {
    out["moves"] = format_moves(e.path);
    out["length"] = e.path.size();
    out["cost"] = e.cost;
    out["count"] = e.count;
    out["counters"] = counters_to_json(e.counters);
    out["trace_length"] = e.trace.size();
    out["trace_digest"] = hex(e.trace_digest);
  }
  if (e.optimal_cost) out["optimal_cost"] = *e.optimal_cost;
  if (e.baseline_count) out["baseline_count"] = *e.baseline_count;
  if (e.answer) out["answer"] = value_text(*e.answer);
  return out;
}

}  // namespace

json expectations_to_json(const Assignment& assignment,
                          const std::vector<Expectation>& expectations) {
  json out;
  out["assignment"] = assignment.title;
  out["written_by"] = "tilegrade expect (do not edit by hand: rerun tilegrade expect)";
  json tasks = json::object();
  for (const Task& task : assignment.tasks) tasks[task.name] = json::array();
  for (const Expectation& e : expectations) tasks[e.task].push_back(expectation_to_json(e));
  out["tasks"] = tasks;
  return out;
}

Status compare_with_stored(const json& stored, const Assignment& assignment,
                           const std::vector<Expectation>& fresh) {
  const json now = expectations_to_json(assignment, fresh);
  if (!stored.contains("tasks") || !stored["tasks"].is_object()) {
    return Error{"expected.json has no \"tasks\" object"};
  }
  for (const auto& [task, tests] : now["tasks"].items()) {
    if (!stored["tasks"].contains(task)) {
      return Error{"expected.json has no entry for task " + task};
    }
    const json& old = stored["tasks"][task];
    if (!old.is_array()) return Error{"task " + task + ": expected.json holds no list of tests"};
    if (old.size() != tests.size()) {
      return Error{"task " + task + ": expected.json lists " + std::to_string(old.size()) +
                   " tests, the assignment has " + std::to_string(tests.size())};
    }
    for (std::size_t i = 0; i < tests.size(); ++i) {
      for (const auto& [key, value] : tests[i].items()) {
        if (!old[i].contains(key) || old[i][key] != value) {
          return Error{"task " + task + ", test " + tests[i]["test"].get<std::string>() + ": " +
                       key + " is " +
                       (old[i].contains(key) ? json_excerpt(old[i][key]) : "missing") +
                       " in expected.json but " + json_excerpt(value) + " from the engine"};
        }
      }
    }
  }
  for (const auto& [task, tests] : stored["tasks"].items()) {
    if (!now["tasks"].contains(task)) {
      return Error{"expected.json has a task the assignment lacks: " + quoted_prefix(task)};
    }
  }
  return success();
}

Result<json> read_expected_file(const std::string& directory) {
  const std::string path = directory + "/expected.json";
  auto text = read_file(path);
  if (!text) return Error{text.error() + " (run: tilegrade expect " + directory + ")"};
  return parse_json_input(*text, path);
}

}  // namespace tile
