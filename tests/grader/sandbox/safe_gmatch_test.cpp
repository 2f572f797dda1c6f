// The sandbox's string.gmatch (built on string.find, lua_library.cpp) against Lua's own, run in a
// plain lua_State outside any sandbox: the same matches for every pattern feature, and no crash
// on the iterator that Lua 5.4.4's gmatch turns into a C-stack overflow.
#include <doctest/doctest.h>

#include <string>

#include "tests/grader/sandbox/lua_test_support.h"

using namespace tile;
using namespace tile::testing;

namespace {

// A Lua function listing every gmatch result of a case as text: "a,b|c,d|" (captures joined).
constexpr const char* kLister = R"(
function list_matches(s, p, init)
  local out = {}
  for a, b, c in string.gmatch(s, p, init) do
    out[#out + 1] = tostring(a) .. "," .. tostring(b) .. "," .. tostring(c)
  end
  return table.concat(out, "|")
end
)";

struct Case {
  const char* subject;
  const char* pattern;
  int init;  // 0: none given
};

constexpr Case kCases[] = {
    {"hello world from Lua", "%a+", 0},
    {"k1=v1, k2=v2, k3=v3", "(%w+)=(%w+)", 0},
    {"abc", "", 0},            // an empty match at every position
    {"abc", "x*", 0},          // empty matches between the characters
    {"aaa", "a*", 0},          // one long match, then the empty one at the end
    {"abab", "()ab()", 0},     // position captures
    {"^a^b", "^.", 0},         // gmatch never anchors: '^' is a plain character
    {"^^x", "^*", 0},
    {"one two  three", "%S+", 5},
    {"one two three", "%a+", -5},
    {"abc", "%a", 10},         // init past the end
    {"abc", "", 4},            // init just past the end: one empty match
    {"THE (quick) fox", "%((%a+)%)", 0},
    {"f(a(b)c)d", "%b()", 0},
    {"THE (quick) fox", "%f[%a]%a+", 0},
    {"x = 10; y = 20", "(%a)%s*=%s*(%d+)", 0},
    {"aXbXc", "[^X]", 0},
    {"", ".-", 0},
};

std::string gmatch_results(lua_State* L, const Case& c) {
  lua_getglobal(L, "list_matches");
  lua_pushstring(L, c.subject);
  lua_pushstring(L, c.pattern);
  if (c.init != 0) {
    lua_pushinteger(L, c.init);
  } else {
    lua_pushnil(L);
  }
  if (lua_pcall(L, 3, 1, 0) != LUA_OK) return std::string("error: ") + lua_tostring(L, -1);
  std::string out = lua_tostring(L, -1);
  lua_pop(L, 1);
  return out;
}

struct GmatchCall {
  const Case* c;
  std::string result;
};

void sandbox_gmatch_body(lua_State* L, void* opaque) {
  auto& call = *static_cast<GmatchCall*>(opaque);
  call.result = gmatch_results(L, *call.c);
}

}  // namespace

TEST_CASE("the sandbox's gmatch finds what Lua's own gmatch finds") {
  lua_State* plain = luaL_newstate();
  luaL_openlibs(plain);
  REQUIRE(luaL_dostring(plain, kLister) == LUA_OK);
  auto sandbox = must_load(kLister);
  REQUIRE(sandbox);
  for (const Case& c : kCases) {
    CAPTURE(c.subject);
    CAPTURE(c.pattern);
    CAPTURE(c.init);
    const std::string expected = gmatch_results(plain, c);
    GmatchCall call{&c, ""};
    REQUIRE(sandbox->protected_call(sandbox_gmatch_body, &call));
    CHECK(call.result == expected);
  }
  lua_close(plain);
}

TEST_CASE("a gmatch iterator called again after an error inside it raises the error again") {
  // Lua 5.4.4: the first call ends in "pattern too complex" with the match depth budget spent
  // and never restored, so the second call recursed 300,000 levels deep: SIGSEGV (exit 139 of
  // `tilegrade solve --heuristic`). tests/hostile/gmatch_matchdepth.lua is the same attack.
  auto sandbox = must_load(R"(
    function reuse()
      local it = string.gmatch(("a"):rep(300000), ("a?"):rep(300000))
      local first_ok, first = pcall(it)
      local second_ok, second = pcall(it)
      return tostring(first_ok) .. " " .. tostring(first) .. " / " ..
             tostring(second_ok) .. " " .. tostring(second)
    end
    function method_form()
      local words = {}
      for w in ("a b c"):gmatch("%a") do words[#words + 1] = w end
      return table.concat(words)
    end
  )");
  REQUIRE(sandbox);
  const auto result = call_global(*sandbox, "reuse");
  REQUIRE(result);
  CHECK(*result == "false pattern too complex / false pattern too complex");
  CHECK(call_global(*sandbox, "method_form").value() == "abc");
}
