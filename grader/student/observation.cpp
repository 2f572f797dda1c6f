#include "grader/student/observation.h"

#include <cstdint>
#include <cstdio>
#include <optional>

#include "grader/spec/counters_json.h"
#include "grader/student/line_tail.h"

namespace tile {

using nlohmann::json;

namespace {

Result<std::vector<Move>> moves_from(const json& value) {
  auto path = parse_moves(value.get<std::string>());
  if (!path) return path.failure_in("bad moves in observation: ");
  return path;
}

// A digest as 16 hexadecimal digits: JSON numbers above 2^53 are not exact everywhere.
std::string digest_text(std::uint64_t digest) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(digest));
  return text;
}

Result<std::uint64_t> digest_from(const std::string& text) {
  if (text.size() != 16 || text.find_first_not_of("0123456789abcdef") != std::string::npos) {
    return Error{"bad expansion digest in observation"};
  }
  return static_cast<std::uint64_t>(std::stoull(text, nullptr, 16));
}

// The observed search (observed_search.h): its counts in the JSON, its boards and calls in the
// tail.
json observed_to_json(const ObservedSearch& observed, LineTailWriter& tail) {
  const std::size_t board_chars = tail.boards(observed.boards);
  const ObservedCallChars call_chars = tail.observed_calls(observed);
  return json{{"board_chars", board_chars},
              {"line_chars", call_chars.lines},
              {"call_chars", call_chars.calls},
              {"successors_calls", observed.successors_calls},
              {"children_returned", observed.children_returned},
              {"goal_tests", observed.goal_tests},
              {"heuristic_calls", observed.heuristic_calls},
              {"key_calls", observed.key_calls}};
}

Result<ObservedSearch> observed_from_json(const json& value, LineTailReader& tail, Shape shape) {
  ObservedSearch observed;
  observed.successors_calls = value.at("successors_calls");
  observed.children_returned = value.at("children_returned");
  observed.goal_tests = value.at("goal_tests");
  observed.heuristic_calls = value.at("heuristic_calls");
  observed.key_calls = value.at("key_calls");
  auto boards = tail.boards(value.at("board_chars"), shape);
  if (!boards) return boards.failure();
  observed.boards = std::move(*boards);
  const ObservedCallChars chars{value.at("line_chars").get<std::size_t>(),
                                value.at("call_chars").get<std::size_t>()};
  if (auto calls = tail.observed_calls(chars, observed); !calls) {
    return calls.failure();
  }
  return observed;
}

SearchStatus status_from(const std::string& name) {
  for (SearchStatus status :
       {SearchStatus::Solved, SearchStatus::NoSolution, SearchStatus::NodeBudgetExceeded,
        SearchStatus::MemoryBudgetExceeded, SearchStatus::HeuristicFailed}) {
    if (status_name(status) == name) return status;
  }
  return SearchStatus::NoSolution;
}

}  // namespace

std::string_view failure_kind_name(FailureKind kind) {
  switch (kind) {
    case FailureKind::None: return "none";
    case FailureKind::DidNotLoad: return "did-not-load";
    case FailureKind::MissingFunction: return "missing-function";
    case FailureKind::CouldNotStart: return "could-not-start";
    case FailureKind::StoppedProcess: return "stopped-process";
    case FailureKind::StoppedByPage: return "stopped-by-page";
    case FailureKind::SkippedAfterTimeout: return "skipped-after-timeout";
    case FailureKind::SkippedAfterMemoryLimit: return "skipped-after-memory-limit";
    case FailureKind::SameAsEarlierTest: return "same-as-earlier-test";
    case FailureKind::Refused: return "refused";
    case FailureKind::Internal: return "internal";
    case FailureKind::GraderFault: return "grader-fault";
  }
  return "internal";
}

std::optional<FailureKind> failure_kind_from_name(std::string_view name) {
  for (FailureKind kind : kAllFailureKinds) {
    if (failure_kind_name(kind) == name) return kind;
  }
  return std::nullopt;
}

namespace {

json search_run_to_json(const StudentSearchRun& s, LineTailWriter& tail) {
  json run;
  run["completed"] = s.completed;
  run["error"] = s.error;
  run["moves"] = format_moves(s.path);
  if (!s.returned_boards.empty()) run["board_chars"] = tail.boards(s.returned_boards);
  run["count"] = s.reported_count ? json(*s.reported_count) : json(nullptr);
  if (s.return_line > 0) run["return_line"] = s.return_line;
  run["expansion_chars"] = tail.boards(s.expansions);
  run["expanded"] = s.expanded;
  run["digest"] = digest_text(s.expansion_digest);
  run["api_calls"] = s.api_calls;
  run["out_of_expansions"] = s.out_of_expansions;
  run["returned_no_path"] = s.returned_no_path;
  run["cpu_seconds"] = s.cpu_seconds;
  run["observed"] = observed_to_json(s.observed, tail);
  return run;
}

json observation_to_json(const JobObservation& o, LineTailWriter& tail) {
  json out;
  out["job"] = o.job;
  if (o.failed()) {
    out["failure"] = failure_kind_name(o.failure);
    out["failure_message"] = o.failure_message;
  }
  if (o.out_of_time) out["out_of_time"] = true;
  if (o.out_of_memory) out["out_of_memory"] = true;
  if (o.search) out["search"] = search_run_to_json(*o.search, tail);
  if (o.search_again) out["search_again"] = search_run_to_json(*o.search_again, tail);
  if (o.heuristic) {
    const HeuristicRun& h = *o.heuristic;
    json run;
    run["status"] = status_name(h.status);
    run["message"] = h.message;
    run["moves"] = format_moves(h.path);
    run["cost"] = h.cost;
    run["counters"] = counters_to_json(h.counters);
    // The evaluated boards packed as expansions are, their values in a list of the same order.
    std::vector<Board> boards;
    json values = json::array();
    boards.reserve(h.values.size());
    for (const auto& [board, value] : h.values) {
      boards.push_back(board);
      values.push_back(value);
    }
    run["board_chars"] = tail.boards(boards);
    run["values"] = values;
    run["nondeterminism"] = h.nondeterminism;
    run["calls"] = h.calls;
    out["heuristic"] = run;
  }
  if (o.function) {
    out["function"] = json{{"completed", o.function->completed},
                           {"error", o.function->error},
                           {"value", value_text(o.function->value)}};
  }
  return out;
}

Result<StudentSearchRun> search_run_from_json(const json& run, LineTailReader& tail, Shape shape) {
  StudentSearchRun s;
  s.completed = run.at("completed");
  s.error = run.at("error");
  auto path = moves_from(run.at("moves"));
  if (!path) return path.failure();
  s.path = *path;
  if (run.contains("board_chars")) {
    auto boards = tail.boards(run["board_chars"], shape);
    if (!boards) return boards.failure();
    s.returned_boards = std::move(*boards);
  }
  if (!run.at("count").is_null()) s.reported_count = run.at("count").get<std::int64_t>();
  if (run.contains("return_line")) {
    const json& line = run.at("return_line");
    if (!line.is_number_unsigned() || line.get<std::uint64_t>() > UINT32_MAX) {
      return Error{"bad return_line"};
    }
    s.return_line = static_cast<std::uint32_t>(line.get<std::uint64_t>());
  }
  auto expansions = tail.boards(run.at("expansion_chars"), shape);
  if (!expansions) return expansions.failure();
  s.expansions = std::move(*expansions);
  s.expanded = run.at("expanded");
  if (s.expansions.size() > s.expanded) return Error{"more expansions kept than made"};
  auto digest = digest_from(run.at("digest").get<std::string>());
  if (!digest) return digest.failure();
  s.expansion_digest = *digest;
  s.api_calls = run.at("api_calls");
  s.out_of_expansions = run.at("out_of_expansions");
  s.returned_no_path = run.value("returned_no_path", false);
  s.cpu_seconds = run.value("cpu_seconds", 0.0);
  if (!(s.cpu_seconds >= 0 && s.cpu_seconds < 1e9)) return Error{"bad cpu_seconds"};
  if (run.contains("observed")) {
    auto observed = observed_from_json(run["observed"], tail, shape);
    if (!observed) return observed.failure();
    s.observed = std::move(*observed);
  }
  return s;
}

Result<JobObservation> observation_from_json(const json& line, LineTailReader& tail, Shape shape) {
  try {
    JobObservation o;
    o.job = line.at("job");
    if (line.contains("failure")) {
      const auto kind = failure_kind_from_name(line["failure"].get<std::string>());
      if (!kind) return Error{"unknown failure kind in observation"};
      o.failure = *kind;
      o.failure_message = line.value("failure_message", "");
    }
    o.out_of_time = line.value("out_of_time", false);
    o.out_of_memory = line.value("out_of_memory", false);
    for (const auto& [key, run] : {std::pair{"search", &o.search},
                                   std::pair{"search_again", &o.search_again}}) {
      if (!line.contains(key)) continue;
      auto read = search_run_from_json(line[key], tail, shape);
      if (!read) return read.failure();
      *run = std::move(*read);
    }
    if (line.contains("heuristic")) {
      const json& run = line["heuristic"];
      HeuristicRun h;
      h.status = status_from(run.at("status"));
      h.message = run.at("message");
      auto path = moves_from(run.at("moves"));
      if (!path) return path.failure();
      h.path = *path;
      h.cost = run.at("cost");
      auto counters = counters_from_json(run.at("counters"));
      if (!counters) return counters.failure();
      h.counters = *counters;
      auto boards = tail.boards(run.at("board_chars"), shape);
      if (!boards) return boards.failure();
      const json& values = run.at("values");
      if (values.size() != boards->size()) {
        return Error{"heuristic values and boards differ in number"};
      }
      for (std::size_t i = 0; i < boards->size(); ++i) {
        h.values.emplace_back((*boards)[i], values[i].get<std::int64_t>());
      }
      h.nondeterminism = run.at("nondeterminism");
      h.calls = run.at("calls");
      o.heuristic = std::move(h);
    }
    if (line.contains("function")) {
      const json& run = line["function"];
      StudentFunctionRun f;
      f.completed = run.at("completed");
      f.error = run.at("error");
      auto value = parse_value_text(run.at("value"), shape);
      if (!value) return value.failure();
      f.value = *value;
      o.function = std::move(f);
    }
    return o;
  } catch (const json::exception& error) {
    return Error{std::string("malformed observation from the grading child: ") + error.what()};
  }
}

}  // namespace

std::string observation_line(const JobObservation& observation) {
  LineTailWriter tail;
  // Replace, not throw, on invalid UTF-8: a script's error text is arbitrary bytes.
  std::string line = observation_to_json(observation, tail)
                         .dump(-1, ' ', false, json::error_handler_t::replace);
  if (!tail.text().empty()) {
    line.reserve(line.size() + 1 + tail.text().size());
    line += kTailSeparator;
    line += tail.text();
  }
  return line;
}

Result<JobObservation> observation_from_line(std::string_view line, Shape shape) {
  const std::size_t separator = line.find(kTailSeparator);
  const std::string_view head = line.substr(0, separator);
  const auto parsed = json::parse(head.begin(), head.end(), nullptr, false);
  if (parsed.is_discarded()) return Error{"unreadable result"};
  LineTailReader tail(separator == std::string_view::npos ? std::string_view()
                                                          : line.substr(separator + 1));
  auto observation = observation_from_json(parsed, tail, shape);
  if (observation && !tail.finished()) return Error{"an observation's line runs past its parts"};
  return observation;
}

}  // namespace tile
