#include "grader/report/step_evidence.h"

#include <algorithm>
#include <sstream>

namespace tile {

using nlohmann::json;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream stream(text);
  for (std::string line; std::getline(stream, line);) out.push_back(line);
  return out;
}

const char* bound_word(KeyBound bound) {
  switch (bound) {
    case KeyBound::Exact: return "exact";
    case KeyBound::AtLeast: return "at-least";
    case KeyBound::AtMost: return "at-most";
  }
  return "exact";
}

std::optional<KeyBound> bound_from(const std::string& word) {
  for (KeyBound bound : {KeyBound::Exact, KeyBound::AtLeast, KeyBound::AtMost}) {
    if (word == bound_word(bound)) return bound;
  }
  return std::nullopt;
}

// "f = 14", "f at least 14", "g at most 12".
std::string key_fact(const EvidenceBoard& board) {
  const std::string value = std::to_string(*board.key);
  switch (board.key_bound) {
    case KeyBound::Exact: return board.key_name + " = " + value;
    case KeyBound::AtLeast: return board.key_name + " at least " + value;
    case KeyBound::AtMost: return board.key_name + " at most " + value;
  }
  return board.key_name + " = " + value;
}

// What is known of a board, one fact a line, in the words a student reads.
std::vector<std::string> facts(const EvidenceBoard& board) {
  std::vector<std::string> out;
  const bool g_said = board.g && board.depth && *board.g != *board.depth;
  if (g_said) {
    out.push_back("g = " + std::to_string(*board.g) + ", " + std::to_string(*board.depth) +
                  " moves");
  } else if (board.depth) {
    out.push_back(std::to_string(*board.depth) + (*board.depth == 1 ? " move" : " moves") +
                  " in");
  }
  if (board.h && board.key_name != "h") {
    std::string line = "h = " + std::to_string(*board.h);
    if (board.g && board.key_name != "f") line += ", f = " + std::to_string(*board.g + *board.h);
    out.push_back(line);
  }
  // A key of g that the first line states already ("g = 7, 3 moves") is not said again.
  const bool key_is_said_g = g_said && board.key_name == "g" &&
                             board.key_bound == KeyBound::Exact && *board.key == *board.g;
  if (board.key && !board.key_name.empty() && !key_is_said_g) out.push_back(key_fact(board));
  if (board.generated_at) {
    out.push_back("generated at expansion " + std::to_string(*board.generated_at));
  }
  out.push_back(board.expanded_at ? "expanded at expansion " + std::to_string(*board.expanded_at)
                                  : std::string("never expanded"));
  return out;
}

json optional_number(const auto& value) { return value ? json(*value) : json(nullptr); }

template <class T>
std::optional<T> number_from(const json& value) {
  if (value.is_null()) return std::nullopt;
  return value.get<T>();
}

}  // namespace

std::string step_call_sentence(const StepEvidence& evidence) {
  if (evidence.call.empty() || evidence.line == 0) return "";
  const std::string where =
      "your call of problem:" + evidence.call + " at line " + std::to_string(evidence.line) +
      " of your file.";
  if (evidence.call == "successors" && evidence.unit == StepUnit::Expansion && evidence.step > 0) {
    return "Expansion " + std::to_string(evidence.step) + " is " + where;
  }
  if (evidence.call == "is_goal") return "The goal test named here is " + where;
  return "The call named here is " + where;
}

std::string step_evidence_text(const StepEvidence& evidence, bool with_call) {
  std::string out;
  const std::string call = with_call ? step_call_sentence(evidence) : "";
  if (!call.empty()) out = call + "\n";
  // Columns: each board's caption, drawing and facts, side by side.
  std::vector<std::vector<std::string>> columns;
  for (const EvidenceBoard& board : evidence.boards) {
    std::vector<std::string> column = {board.caption};
    for (std::string& line : lines_of(draw_board(board.board))) column.push_back(line);
    for (std::string& line : facts(board)) column.push_back(line);
    columns.push_back(std::move(column));
  }
  std::size_t rows = 0;
  for (const auto& column : columns) rows = std::max(rows, column.size());
  for (std::size_t row = 0; row < rows; ++row) {
    std::string line;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      std::size_t width = 0;
      for (const std::string& cell : columns[c]) width = std::max(width, cell.size());
      const std::string cell = row < columns[c].size() ? columns[c][row] : "";
      line += cell;
      if (c + 1 < columns.size()) line += std::string(width - cell.size() + 4, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  for (const EvidenceCount& count : evidence.counts) {
    out += count.name + ": " + std::to_string(count.value) + "\n";
  }
  return out;
}

json step_evidence_to_json(const StepEvidence& evidence) {
  json boards = json::array();
  for (const EvidenceBoard& board : evidence.boards) {
    boards.push_back({{"caption", board.caption},
                      {"rows", board.board.shape.rows},
                      {"cols", board.board.shape.cols},
                      {"tiles", format_tiles(board.board)},
                      {"depth", optional_number(board.depth)},
                      {"g", optional_number(board.g)},
                      {"h", optional_number(board.h)},
                      {"generated_at", optional_number(board.generated_at)},
                      {"expanded_at", optional_number(board.expanded_at)},
                      {"key", board.key && !board.key_name.empty()
                                  ? json{{"name", board.key_name},
                                         {"value", *board.key},
                                         {"bound", bound_word(board.key_bound)}}
                                  : json(nullptr)}});
  }
  json counts = json::array();
  for (const EvidenceCount& count : evidence.counts) {
    counts.push_back({{"name", count.name}, {"value", count.value}});
  }
  const bool named_call = !evidence.call.empty() && evidence.line > 0;
  return {{"unit", evidence.unit == StepUnit::Expansion ? "expansion" : "path-move"},
          {"step", evidence.step},
          {"call", named_call ? json("problem:" + evidence.call) : json(nullptr)},
          {"line", named_call ? json(evidence.line) : json(nullptr)},
          {"boards", boards},
          {"counts", counts}};
}

std::optional<StepEvidence> step_evidence_from_json(const json& value) {
  try {
    StepEvidence evidence;
    const std::string unit = value.at("unit").get<std::string>();
    if (unit != "expansion" && unit != "path-move") return std::nullopt;
    evidence.unit = unit == "expansion" ? StepUnit::Expansion : StepUnit::PathMove;
    evidence.step = value.at("step").get<std::size_t>();
    // "call" and "line" came with issue 47; reports written before have neither.
    if (value.contains("call") && !value.at("call").is_null()) {
      const std::string call = value.at("call").get<std::string>();
      if (!call.starts_with("problem:") || call.size() == 8) return std::nullopt;
      evidence.call = call.substr(8);
      evidence.line = value.at("line").get<std::uint32_t>();
      if (evidence.line == 0) return std::nullopt;
    }
    for (const json& entry : value.at("boards")) {
      const Shape shape{entry.at("rows").get<int>(), entry.at("cols").get<int>()};
      if (shape.rows < kMinSide || shape.cols < kMinSide || shape.cells() > kMaxCells) {
        return std::nullopt;
      }
      auto board = parse_board(shape, entry.at("tiles").get<std::string>());
      if (!board) return std::nullopt;
      EvidenceBoard read{entry.at("caption").get<std::string>(), *board,
                         number_from<int>(entry.at("depth")),
                         number_from<std::int64_t>(entry.at("g")),
                         number_from<std::int64_t>(entry.at("h")),
                         number_from<std::size_t>(entry.at("generated_at")),
                         number_from<std::size_t>(entry.at("expanded_at"))};
      // "key" came with the frontier-order evidence; reports written before it have none.
      if (entry.contains("key") && !entry.at("key").is_null()) {
        const json& key = entry.at("key");
        const auto bound = bound_from(key.at("bound").get<std::string>());
        if (!bound) return std::nullopt;
        read.key_name = key.at("name").get<std::string>();
        read.key = key.at("value").get<std::int64_t>();
        read.key_bound = *bound;
      }
      evidence.boards.push_back(std::move(read));
    }
    for (const json& entry : value.at("counts")) {
      evidence.counts.push_back(
          {entry.at("name").get<std::string>(), entry.at("value").get<std::uint64_t>()});
    }
    return evidence;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

}  // namespace tile
