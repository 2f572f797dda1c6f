// What a script sees of identity and hashing (lua/object_ids.c, lua/lua.cmake): objects are named
// by a counter per Lua state, not an address, and string keys are hashed with a fixed seed, so two
// fresh sandboxes in one process (different addresses, the same second) agree on every name and on
// the order of pairs().
#include <doctest/doctest.h>

#include <string>

#include "tests/grader/sandbox/lua_test_support.h"

using namespace tile;
using namespace tile::testing;

namespace {

constexpr const char* kScript = R"(
function names()
  local t, f, co = {}, function() end, coroutine.create(print)
  return table.concat({tostring(t), tostring(t), string.format("%p", t), tostring(f),
                       string.format("%s", co), tostring({}), tostring(print),
                       string.format("%p", 1), string.format("%p", "two")}, "|")
end
function key_order()
  local keys, order = {}, {}
  for i = 1, 60 do keys["key" .. i] = i end
  for key in pairs(keys) do order[#order + 1] = key end
  return table.concat(order, ",")
end
)";

std::string call(const char* function) {
  auto sandbox = must_load(kScript);
  REQUIRE(sandbox != nullptr);
  auto text = call_global(*sandbox, function);
  REQUIRE_MESSAGE(static_cast<bool>(text), text.error());
  return *text;
}

}  // namespace

TEST_CASE("objects are named by a counter per Lua state, the same in every fresh state") {
  const std::string first = call("names");
  CHECK(first == call("names"));
  // The first object asked about is 1, a name is kept, a new object gets the next number; values
  // that are no objects (a number) have no pointer, as in stock Lua.
  CHECK(first.rfind("table: 0x1|table: 0x1|0x1|function: 0x2|thread: 0x3|table: 0x4|", 0) == 0);
  CHECK(first.find("|(null)|") != std::string::npos);
}

TEST_CASE("pairs() visits string keys in the same order in every fresh state (fixed hash seed)") {
  const std::string first = call("key_order");
  CHECK(first.size() > 300);
  for (int run = 0; run < 5; ++run) CHECK(call("key_order") == first);
}
