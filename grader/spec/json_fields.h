// Reading a JSON object field by field, for instructor-written files: every error names the JSON
// path, and keys that nobody read are rejected (a typo such as "vissibility" must not silently
// fall back to a default).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

#include "engine/result.h"

namespace tile {

class JsonFields {
 public:
  JsonFields(const nlohmann::json& object, std::string path);

  // The first error met so far (wrong type, missing key, ...); readers after it do nothing.
  const Status& status() const { return status_; }
  std::string path_of(const std::string& key) const { return path_ + "." + key; }
  const std::string& path() const { return path_; }

  const nlohmann::json* get(const std::string& key);  // marks the key as known
  std::optional<std::string> string(const std::string& key, bool required = false);
  std::optional<double> number(const std::string& key, double min, double max);
  std::optional<std::uint64_t> count(const std::string& key, std::uint64_t min, std::uint64_t max);
  std::optional<bool> boolean(const std::string& key);
  void fail(const std::string& message);  // records an error (bad input) if none yet

  // The first error, or an error for any key that was never read. Call after reading every known
  // key.
  Status finish();

 private:
  const nlohmann::json& object_;
  std::string path_;
  std::set<std::string> known_;
  Status status_ = success();
};

}  // namespace tile
