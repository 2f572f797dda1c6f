#include "grader/student/observation.h"

#include <cstdio>
#include <optional>

#include "grader/spec/counters_json.h"

namespace tile {

using nlohmann::json;

namespace {

Result<std::vector<Move>> moves_from(const json& value) {
  auto path = parse_moves(value.get<std::string>());
  if (!path) return Error{"bad moves in observation: " + path.error()};
  return path;
}

// Expansion lists are the bulk of what crosses the pipe (up to millions of boards): one string, a
// character per tile, boards back to back, instead of a JSON string per board: less than half
// the bytes, and one token to parse.
constexpr std::string_view kTileDigits = "0123456789abcdefghijklmnopqrstuvwxyz";
static_assert(kMaxCells <= kTileDigits.size(), "every tile has its digit");

std::string pack_boards(const std::vector<Board>& boards) {
  std::string packed;
  if (!boards.empty()) packed.reserve(boards.size() * static_cast<std::size_t>(boards[0].cells()));
  for (const Board& board : boards) {
    for (int cell = 0; cell < board.cells(); ++cell) packed += kTileDigits[board.tiles[cell]];
  }
  return packed;
}

Result<std::vector<Board>> unpack_boards(const std::string& packed, Shape shape) {
  const std::size_t cells = static_cast<std::size_t>(shape.cells());
  if (packed.size() % cells != 0) return Error{"packed boards of the wrong length"};
  std::vector<Board> boards;
  boards.reserve(packed.size() / cells);
  std::vector<int> tiles(cells);
  for (std::size_t start = 0; start < packed.size(); start += cells) {
    for (std::size_t cell = 0; cell < cells; ++cell) {
      const std::size_t digit = kTileDigits.find(packed[start + cell]);
      tiles[cell] = digit == std::string_view::npos ? -1 : static_cast<int>(digit);
    }
    auto board = make_board(shape, tiles);
    if (!board) return Error{"a packed board is no board: " + board.error()};
    boards.push_back(*board);
  }
  return boards;
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

// The observed search (observed_search.h): its boards packed like expansions, its calls packed in
// one string of base-64 digits: per call a digit for kind * 5 + child count, three for its board,
// and per child three for its board and one for its move. A list of JSON numbers took most of a
// graded IDDFS's time to write and read; this is one token, a quarter of the bytes.
constexpr std::string_view kDigits64 =
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
constexpr std::size_t kBoardDigits = 3;
static_assert(1 + kKeptObservedCalls + kKeptObservedExpansions * kMoveCount < 64 * 64 * 64,
              "every board a record can hold has a three-digit index");

void put_digits(std::string& out, std::uint32_t value, std::size_t digits) {
  for (std::size_t d = digits; d-- > 0;) out += kDigits64[(value >> (6 * d)) & 63];
}

json observed_to_json(const ObservedSearch& observed) {
  std::string calls;
  calls.reserve(observed.calls.size() * (1 + kBoardDigits) +
                observed.children.size() * (kBoardDigits + 1));
  for (const ObservedCall& call : observed.calls) {
    put_digits(calls, static_cast<std::uint32_t>(call.kind) * (kMoveCount + 1) + call.child_count,
               1);
    put_digits(calls, call.board, kBoardDigits);
    for (std::size_t i = 0; i < call.child_count; ++i) {
      const ObservedChild& child = observed.children[call.first_child + i];
      put_digits(calls, child.board, kBoardDigits);
      put_digits(calls, static_cast<std::uint32_t>(child.move), 1);
    }
  }
  return json{{"boards", pack_boards(observed.boards)},
              {"calls", calls},
              {"successors_calls", observed.successors_calls},
              {"children_returned", observed.children_returned},
              {"goal_tests", observed.goal_tests},
              {"heuristic_calls", observed.heuristic_calls},
              {"key_calls", observed.key_calls}};
}

Result<ObservedSearch> observed_from_json(const json& value, Shape shape) {
  ObservedSearch observed;
  auto boards = unpack_boards(value.at("boards").get<std::string>(), shape);
  if (!boards) return Error{boards.error()};
  observed.boards = std::move(*boards);
  observed.successors_calls = value.at("successors_calls");
  observed.children_returned = value.at("children_returned");
  observed.goal_tests = value.at("goal_tests");
  observed.heuristic_calls = value.at("heuristic_calls");
  observed.key_calls = value.at("key_calls");
  const std::string& calls = value.at("calls").get_ref<const std::string&>();
  const Error bad{"malformed observed calls in observation"};
  std::size_t at = 0;
  // The next `digits` digits as a number below `below`; nullopt past the end or for a bad digit.
  auto next = [&](std::size_t digits, std::uint32_t below) -> std::optional<std::uint32_t> {
    if (calls.size() - at < digits) return std::nullopt;
    std::uint32_t number = 0;
    for (std::size_t d = 0; d < digits; ++d) {
      const std::size_t digit = kDigits64.find(calls[at++]);
      if (digit == std::string_view::npos) return std::nullopt;
      number = number * 64 + static_cast<std::uint32_t>(digit);
    }
    if (number >= below) return std::nullopt;
    return number;
  };
  const auto board_count = static_cast<std::uint32_t>(observed.boards.size());
  while (at < calls.size()) {
    const auto head = next(1, 4 * (kMoveCount + 1));
    const auto board = next(kBoardDigits, board_count);
    if (!head || !board) return bad;
    ObservedCall call;
    call.kind = static_cast<ObservedCallKind>(*head / (kMoveCount + 1));
    call.child_count = static_cast<std::uint8_t>(*head % (kMoveCount + 1));
    call.board = *board;
    if (call.child_count > 0 && call.kind != ObservedCallKind::Successors) return bad;
    if (call.kind == ObservedCallKind::Successors) {
      call.first_child = static_cast<std::uint32_t>(observed.children.size());
    }
    for (std::size_t i = 0; i < call.child_count; ++i) {
      const auto child = next(kBoardDigits, board_count);
      const auto move = next(1, kMoveCount);
      if (!child || !move) return bad;
      observed.children.push_back({*child, static_cast<Move>(*move)});
    }
    observed.calls.push_back(call);
  }
  if (observed.calls.size() > observed.total_calls()) return bad;
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

json observation_to_json(const JobObservation& o) {
  json out;
  out["job"] = o.job;
  if (o.failed()) {
    out["failure"] = failure_kind_name(o.failure);
    out["failure_message"] = o.failure_message;
  }
  if (o.out_of_time) out["out_of_time"] = true;
  if (o.search) {
    const StudentSearchRun& s = *o.search;
    json run;
    run["completed"] = s.completed;
    run["error"] = s.error;
    run["moves"] = format_moves(s.path);
    if (!s.returned_boards.empty()) run["boards"] = pack_boards(s.returned_boards);
    run["count"] = s.reported_count ? json(*s.reported_count) : json(nullptr);
    run["expansions"] = pack_boards(s.expansions);
    run["expanded"] = s.expanded;
    run["digest"] = digest_text(s.expansion_digest);
    run["api_calls"] = s.api_calls;
    run["out_of_expansions"] = s.out_of_expansions;
    run["returned_no_path"] = s.returned_no_path;
    run["cpu_seconds"] = s.cpu_seconds;
    run["observed"] = observed_to_json(s.observed);
    out["search"] = run;
  }
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
    run["boards"] = pack_boards(boards);
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

Result<JobObservation> observation_from_json(const json& line, Shape shape) {
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
    if (line.contains("search")) {
      const json& run = line["search"];
      StudentSearchRun s;
      s.completed = run.at("completed");
      s.error = run.at("error");
      auto path = moves_from(run.at("moves"));
      if (!path) return Error{path.error()};
      s.path = *path;
      if (run.contains("boards")) {
        auto boards = unpack_boards(run["boards"].get<std::string>(), shape);
        if (!boards) return Error{boards.error()};
        s.returned_boards = std::move(*boards);
      }
      if (!run.at("count").is_null()) s.reported_count = run.at("count").get<std::int64_t>();
      auto expansions = unpack_boards(run.at("expansions").get<std::string>(), shape);
      if (!expansions) return Error{expansions.error()};
      s.expansions = std::move(*expansions);
      s.expanded = run.at("expanded");
      if (s.expansions.size() > s.expanded) return Error{"more expansions kept than made"};
      auto digest = digest_from(run.at("digest").get<std::string>());
      if (!digest) return Error{digest.error()};
      s.expansion_digest = *digest;
      s.api_calls = run.at("api_calls");
      s.out_of_expansions = run.at("out_of_expansions");
      s.returned_no_path = run.value("returned_no_path", false);
      s.cpu_seconds = run.value("cpu_seconds", 0.0);
      if (!(s.cpu_seconds >= 0 && s.cpu_seconds < 1e9)) return Error{"bad cpu_seconds"};
      if (run.contains("observed")) {
        auto observed = observed_from_json(run["observed"], shape);
        if (!observed) return Error{observed.error()};
        s.observed = std::move(*observed);
      }
      o.search = std::move(s);
    }
    if (line.contains("heuristic")) {
      const json& run = line["heuristic"];
      HeuristicRun h;
      h.status = status_from(run.at("status"));
      h.message = run.at("message");
      auto path = moves_from(run.at("moves"));
      if (!path) return Error{path.error()};
      h.path = *path;
      h.cost = run.at("cost");
      auto counters = counters_from_json(run.at("counters"));
      if (!counters) return Error{counters.error()};
      h.counters = *counters;
      auto boards = unpack_boards(run.at("boards").get<std::string>(), shape);
      if (!boards) return Error{boards.error()};
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
      if (!value) return Error{value.error()};
      f.value = *value;
      o.function = std::move(f);
    }
    return o;
  } catch (const json::exception& error) {
    return Error{std::string("malformed observation from the grading child: ") + error.what()};
  }
}

}  // namespace tile
