#include "grader/spec/semantics_json.h"

#include <sstream>

#include "engine/files.h"
#include "grader/spec/json_input.h"
#include "grader/spec/text.h"

namespace tile {

namespace {

using nlohmann::json;

Result<std::string> string_field(const json& value, const std::string& path) {
  if (!value.is_string()) return Error{path + ": expected a string, got " + json_excerpt(value)};
  return value.get<std::string>();
}

// Parses one string field with an engine parser and stores it, or returns the error with its path.
template <class T, class Parser>
std::optional<Error> set_from(const json& value, const std::string& path, Parser parser, T& out) {
  auto text = string_field(value, path);
  if (!text) return text.failure();
  auto parsed = parser(*text);
  if (!parsed) return parsed.failure_in(path + ": ");
  out = *parsed;
  return std::nullopt;
}

}  // namespace

Result<Semantics> merge_semantics_json(Semantics semantics, const json& object,
                                       const std::string& where) {
  if (!object.is_object()) return Error{where + ": expected an object, got " + json_excerpt(object)};
  for (const auto& [key, value] : object.items()) {
    const std::string path = where + "." + key;
    std::optional<Error> error;
    if (key == "action_order") {
      error = set_from(value, path, parse_action_order, semantics.action_order);
    } else if (key == "goal_test") {
      error = set_from(value, path, parse_goal_test, semantics.goal_test);
    } else if (key == "duplicates") {
      if (value.is_null()) {
        semantics.duplicates.reset();
      } else {
        Duplicates duplicates{};
        error = set_from(value, path, parse_duplicates, duplicates);
        semantics.duplicates = duplicates;
      }
    } else if (key == "push_order") {
      if (value.is_null()) {
        semantics.push_order.reset();
      } else {
        PushOrder order{};
        error = set_from(value, path, parse_push_order, order);
        semantics.push_order = order;
      }
    } else if (key == "depth_limit") {
      if (value.is_null()) {
        semantics.depth_limit.reset();
      } else if (value.is_number_integer() && value.get<long long>() >= 0 &&
                 value.get<long long>() <= 1'000'000) {
        semantics.depth_limit = value.get<int>();
      } else {
        error = Error{path + ": expected null or a whole number from 0 to 1000000, got " +
                      json_excerpt(value)};
      }
    } else if (key == "tie_break") {
      if (value.is_null()) {
        semantics.tie_break.reset();
      } else if (!value.is_array()) {
        error = Error{path + ": expected a list of keys such as [\"action\", \"fifo\"], got " +
                      json_excerpt(value)};
      } else {
        std::vector<TieKey> keys;
        for (std::size_t i = 0; i < value.size() && !error; ++i) {
          TieKey tie_key{};
          error = set_from(value[i], path + "[" + std::to_string(i) + "]", parse_tie_key, tie_key);
          keys.push_back(tie_key);
        }
        semantics.tie_break = keys;
      }
    } else if (key == "queue") {
      error = set_from(value, path, parse_queue, semantics.queue);
    } else if (key == "cost") {
      error = set_from(value, path, parse_cost, semantics.cost);
    } else if (key == "count") {
      error = set_from(value, path, parse_count, semantics.count);
    } else if (key == "at_depth_limit") {
      error = set_from(value, path, parse_at_depth_limit, semantics.at_depth_limit);
    } else if (key == "round_bound") {
      error = set_from(value, path, parse_round_bound, semantics.round_bound);
    } else if (key == "cycle_check") {
      if (value.is_null()) {
        semantics.cycle_check.reset();
      } else {
        CycleCheck check{};
        error = set_from(value, path, parse_cycle_check, check);
        semantics.cycle_check = check;
      }
    } else if (key == "round_growth") {
      error = set_from(value, path, parse_round_growth, semantics.round_growth);
    } else if (key == "rounds_counted") {
      error = set_from(value, path, parse_rounds_counted, semantics.rounds_counted);
    } else if (key == "start_marked") {
      error = set_from(value, path, parse_start_marked, semantics.start_marked);
    } else if (key == "parent_link") {
      error = set_from(value, path, parse_parent_link, semantics.parent_link);
    } else if (key == "meet_test") {
      error = set_from(value, path, parse_meet_test, semantics.meet_test);
    } else if (key == "meet_stop") {
      error = set_from(value, path, parse_meet_stop, semantics.meet_stop);
    } else if (key == "next_side") {
      error = set_from(value, path, parse_next_side, semantics.next_side);
    } else if (key == "count_offset") {
      if (value.is_number_integer() && value.get<long long>() >= -1 && value.get<long long>() <= 1) {
        semantics.count_offset = value.get<int>();
      } else {
        error = Error{path + ": expected -1, 0 or 1, got " + json_excerpt(value)};
      }
    } else {
      error = Error{path + ": unknown semantics key '" + quoted_prefix(key) +
                    "' (known: action_order, goal_test, duplicates, push_order, depth_limit, "
                    "at_depth_limit, round_bound, tie_break, queue, cost, count, cycle_check, "
                    "round_growth, rounds_counted, start_marked, parent_link, count_offset, "
                    "meet_test, meet_stop, next_side)"};
    }
    if (error) return *error;
  }
  return semantics;
}

Result<Semantics> semantics_from_json(const json& object, const std::string& where) {
  return merge_semantics_json(Semantics{}, object, where);
}

json semantics_to_json(const Semantics& semantics) {
  json out;
  out["action_order"] = action_order_name(semantics.action_order);
  out["goal_test"] = goal_test_name(semantics.goal_test);
  out["duplicates"] =
      semantics.duplicates ? json(duplicates_name(*semantics.duplicates)) : json(nullptr);
  out["push_order"] =
      semantics.push_order ? json(push_order_name(*semantics.push_order)) : json(nullptr);
  out["depth_limit"] = semantics.depth_limit ? json(*semantics.depth_limit) : json(nullptr);
  out["at_depth_limit"] = at_depth_limit_name(semantics.at_depth_limit);
  out["round_bound"] = round_bound_name(semantics.round_bound);
  if (semantics.tie_break) {
    json keys = json::array();
    for (TieKey key : *semantics.tie_break) keys.push_back(tie_key_name(key));
    out["tie_break"] = keys;
  } else {
    out["tie_break"] = nullptr;
  }
  out["queue"] = queue_name(semantics.queue);
  out["cost"] = cost_name(semantics.cost);
  out["count"] = count_name(semantics.count);
  out["cycle_check"] =
      semantics.cycle_check ? json(cycle_check_name(*semantics.cycle_check)) : json(nullptr);
  out["round_growth"] = round_growth_name(semantics.round_growth);
  out["rounds_counted"] = rounds_counted_name(semantics.rounds_counted);
  out["start_marked"] = start_marked_name(semantics.start_marked);
  out["parent_link"] = parent_link_name(semantics.parent_link);
  out["count_offset"] = semantics.count_offset;
  out["meet_test"] = meet_test_name(semantics.meet_test);
  out["meet_stop"] = meet_stop_name(semantics.meet_stop);
  out["next_side"] = next_side_name(semantics.next_side);
  return out;
}

Result<Semantics> load_semantics_file(const std::string& path) {
  // read_file: a folder, a FIFO or a device in its place is refused at once, never waited on.
  auto text = read_file_as(path, "semantics file");
  if (!text) return text.failure();
  auto object = parse_json_input(*text, path);
  if (!object) return object.failure();
  return semantics_from_json(*object, path);
}

}  // namespace tile
