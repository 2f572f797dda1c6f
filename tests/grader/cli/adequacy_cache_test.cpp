#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>

#include <unistd.h>

#include "grader/cli/adequacy_cache.h"

using namespace tile;
using namespace tile::cli;

namespace {

struct Prepared {
  Assignment assignment;
  std::vector<Expectation> expectations;
};

Prepared slider() {
  auto assignment =
      load_assignment(std::string(TILEGRADE_SOURCE_DIR) + "/assignments/slider-2x3");
  REQUIRE(assignment);
  auto expectations = compute_all_expectations(*assignment);
  REQUIRE(expectations);
  return {std::move(*assignment), std::move(*expectations)};
}

// Sets an environment variable for one test, and restores it.
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) ::setenv(name, value, 1); else ::unsetenv(name);
  }
  ~ScopedEnvironment() {
    if (old_) ::setenv(name_, old_->c_str(), 1); else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace

TEST_CASE("the cache folder: TILEGRADE_CACHE_DIR, then XDG_CACHE_HOME, then HOME, else none") {
  ScopedEnvironment own("TILEGRADE_CACHE_DIR", "/own"), xdg("XDG_CACHE_HOME", "/xdg"),
      home("HOME", "/home/ada");
  CHECK(cache_dir() == "/own");
  ::unsetenv("TILEGRADE_CACHE_DIR");
  CHECK(cache_dir() == "/xdg/tilegrade");
  ::unsetenv("XDG_CACHE_HOME");
  CHECK(cache_dir() == "/home/ada/.cache/tilegrade");
  ::unsetenv("HOME");
  CHECK(cache_dir().empty());
}

TEST_CASE("an unchanged assignment reads back what was stored; any change is another file") {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tilegrade-adequacy-cache-test-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Prepared prepared = slider();
  const std::string file = adequacy_cache_file(dir.string(), prepared.assignment,
                                               prepared.expectations);
  CHECK(file.rfind(dir.string() + "/adequacy/", 0) == 0);
  CHECK_FALSE(read_adequacy_cache(file, prepared.assignment));  // nothing stored yet

  const auto computed = assignment_adequacy(prepared.assignment, prepared.expectations);
  REQUIRE_FALSE(computed.empty());
  write_adequacy_cache(file, computed);
  const auto read = read_adequacy_cache(file, prepared.assignment);
  REQUIRE(read);
  REQUIRE(read->size() == computed.size());
  for (std::size_t t = 0; t < computed.size(); ++t) {
    CHECK((*read)[t].task == computed[t].task);
    CHECK((*read)[t].start_is_goal_tested == computed[t].start_is_goal_tested);
    REQUIRE((*read)[t].variants.size() == computed[t].variants.size());
    for (Detection detection : {Detection::Detected, Detection::Equivalent,
                                Detection::Undetected}) {
      CHECK((*read)[t].count(detection) == computed[t].count(detection));
    }
  }

  // assignment.json changed in any way (here one more line break) is another key.
  const auto copy = dir / "slider-2x3";
  std::filesystem::copy(prepared.assignment.directory, copy,
                        std::filesystem::copy_options::recursive);
  std::ofstream(copy / "assignment.json", std::ios::app) << "\n";
  auto edited = load_assignment(copy.string());
  REQUIRE(edited);
  CHECK(adequacy_cache_file(dir.string(), *edited, prepared.expectations) != file);

  // A damaged file is recomputed, never trusted.
  std::ofstream(file, std::ios::trunc) << "{\"tasks\": 3}";
  CHECK_FALSE(read_adequacy_cache(file, prepared.assignment));
  std::filesystem::remove_all(dir);
}
