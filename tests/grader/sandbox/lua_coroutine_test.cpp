// The sandbox's own coroutine.resume, coroutine.wrap and xpcall (lua_coroutine.cpp, lua_xpcall.cpp)
// against Lua's: every snippet runs both in the sandbox and in a plain Lua state with the standard
// library, and the two must say the same thing. Then what only the sandbox adds: its deadline and
// its aborts reach code inside coroutines, behind yields and message handlers.
#include <doctest/doctest.h>

#include <string>

#include "grader/sandbox/lua_sandbox.h"
#include "tests/grader/sandbox/lua_test_support.h"

namespace tile {
namespace {

using testing::call_global;
using testing::must_load;
using testing::quick_limits;

// Shared by every snippet: its results as one line of text (no table or thread addresses).
constexpr const char* kShow = R"(
local function show(...)
  local values = table.pack(...)
  for i = 1, values.n do
    local v = values[i]
    values[i] = type(v) == "table" and "table" or tostring(v)
  end
  return table.concat(values, " ", 1, values.n)
end
)";

// The independent model: Lua's own library in a plain state. The snippet's `result()` as text.
std::string in_plain_lua(const std::string& source) {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  std::string text;
  if (luaL_loadbufferx(L, source.data(), source.size(), "@test.lua", "t") != LUA_OK ||
      lua_pcall(L, 0, 0, 0) != LUA_OK) {
    text = std::string("did not load: ") + lua_tostring(L, -1);
  } else {
    lua_getglobal(L, "result");
    const bool ran = lua_pcall(L, 0, 1, 0) == LUA_OK;
    const char* value = lua_tostring(L, -1);
    text = std::string(ran ? "" : "raised: ") + (value != nullptr ? value : "(not text)");
  }
  lua_close(L);
  return text;
}

std::string in_sandbox(const std::string& source) {
  auto sandbox = must_load(source);
  if (!sandbox) return "did not load";
  auto result = call_global(*sandbox, "result");
  return result ? *result : "raised: " + result.error();
}

struct Snippet {
  const char* what;
  const char* body;  // defines result(), which returns a string
  const char* expected;  // what Lua 5.4.4 says (the plain state is checked against it too)
};

// Line numbers in expected messages count kShow's 9 lines: a snippet's `function result()` is on
// line 11.
const Snippet kSnippets[] = {
    {"a finished coroutine is dead", R"(
function result()
  local co = coroutine.create(function(a) return a * 2 end)
  return show(coroutine.resume(co, 21)) .. " | " .. show(coroutine.resume(co)) .. " | " ..
         coroutine.status(co)
end)",
     "true 42 | false cannot resume dead coroutine | dead"},
    {"a coroutine that raised is dead, and its error is returned with its position", R"(
function result()
  local co = coroutine.create(function() error("boom") end)
  return show(coroutine.resume(co)) .. " | " .. show(coroutine.resume(co))
end)",
     "false test.lua:12: boom | false cannot resume dead coroutine"},
    {"resume needs a coroutine", R"(
function result() return show(pcall(coroutine.resume, 42)) end)",
     "false bad argument #1 to 'coroutine.resume' (thread expected, got number)"},
    {"a running coroutine cannot be resumed", R"(
function result()
  local co
  co = coroutine.create(function() return coroutine.resume(co) end)
  return show(coroutine.resume(co))
end)",
     "true false cannot resume non-suspended coroutine"},
    {"values travel both ways through yield", R"(
function result()
  local co = coroutine.create(function(a, b)
    local c, d = coroutine.yield(a + b, a - b)
    return c .. d, coroutine.isyieldable()
  end)
  return show(coroutine.resume(co, 5, 3)) .. " | " .. show(coroutine.resume(co, "x", "y"))
end)",
     "true 8 2 | true xy true"},
    {"wrap raises the coroutine's error with the position of the call", R"(
function result()
  local f = coroutine.wrap(function() error("boom") end)
  local g = coroutine.wrap(function() error({}) end)
  local h = coroutine.wrap(function() error(42) end)
  return show(pcall(function() f() end)) .. " | " .. show(pcall(function() f() end)) ..
         " | " .. show(pcall(function() g() end)) .. " | " .. show(pcall(function() h() end))
end)",
     "false test.lua:15: test.lua:12: boom | false test.lua:15: cannot resume dead coroutine | "
     "false table | false 42"},
    {"wrap inside wrap prefixes each position", R"(
function result()
  local inner = coroutine.wrap(function() error("deep") end)
  local outer = coroutine.wrap(function() inner() end)
  return show(pcall(function() outer() end))
end)",
     "false test.lua:14: test.lua:13: test.lua:12: deep"},
    {"wrap needs a function, and a wrapped coroutine cannot resume itself", R"(
function result()
  local f
  f = coroutine.wrap(function() return f() end)
  return show(pcall(coroutine.wrap, 1)) .. " | " .. show(pcall(function() return f() end))
end)",
     "false bad argument #1 to 'coroutine.wrap' (function expected, got number) | "
     "false test.lua:14: test.lua:13: cannot resume non-suspended coroutine"},
    {"a yield crosses pcall inside a coroutine", R"(
function result()
  local co = coroutine.wrap(function(a)
    local ok, v = pcall(function() local x = coroutine.yield(a + 1) return x * 2 end)
    local ok2, e = pcall(function() coroutine.yield("again") error("after", 0) end)
    return show(ok, v, ok2, e)
  end)
  return show(co(1), co(5), co())
end)",
     "2 again true 10 false after"},
    {"a yield crosses xpcall, and an error after it reaches the handler", R"(
function result()
  local handler = function(e) return "handled: " .. tostring(e) end
  local co = coroutine.wrap(function()
    local first = show(xpcall(function(a, b) return coroutine.yield(a + b) end, handler, 3, 4))
    local second = show(xpcall(function() coroutine.yield() error("late", 0) end, handler))
    return first .. " / " .. second
  end)
  return show(co(), co("ok", "too"), co())
end)",
     "7 nil true ok too / false handled: late"},
    {"xpcall passes arguments and every result", R"(
function result()
  local many = select("#", xpcall(function() return table.unpack({}, 1, 5000) end, print))
  local resumed = select("#", coroutine.resume(coroutine.create(function()
    return table.unpack({}, 1, 5000) end)))
  return show(xpcall(function(...) return ... end, print, 1, nil, "c")) .. " | " .. many .. " " ..
         resumed
end)",
     "true 1 nil c | 5001 5001"},
    {"xpcall's handler: one result kept, any error object, none returned", R"(
function result()
  return show(xpcall(error, function(e) return e, "dropped" end, "plain", 0)) .. " | " ..
         show(xpcall(error, function(e) return type(e) end, {})) .. " | " ..
         show(xpcall(error, function() end, "x"))
end)",
     "false plain | false table | false nil"},
    {"xpcall's handler that raises", R"(
function result()
  return show(xpcall(function() error("first") end, function() error("second") end))
end)",
     "false error in error handling"},
    {"xpcall needs a handler", R"(
function result() return show(pcall(xpcall, print)) end)",
     "false bad argument #2 to 'xpcall' (function expected, got no value)"},
};

TEST_CASE("resume, wrap and xpcall say what Lua's own say") {
  for (const Snippet& snippet : kSnippets) {
    CAPTURE(snippet.what);
    const std::string source = std::string(kShow) + snippet.body;
    const std::string lua = in_plain_lua(source);
    CHECK(in_sandbox(source) == lua);
    CHECK(lua == snippet.expected);
  }
}

TEST_CASE("the deadline reaches loops behind yields, wraps and message handlers") {
  auto sandbox = must_load(R"(
    function after_yield_in_pcall()
      local co = coroutine.wrap(function()
        pcall(function() coroutine.yield() while true do end end)
      end)
      co()
      co()
    end
    function after_yield_in_xpcall()
      local co = coroutine.create(function()
        xpcall(function() coroutine.yield() while true do end end, function() while true do end end)
      end)
      coroutine.resume(co)
      while true do coroutine.resume(co) end
    end
    function handler_in_coroutine()
      coroutine.wrap(function()
        while true do xpcall(error, function() while true do end end) end
      end)()
    end
    local parked = coroutine.create(function() coroutine.yield() while true do end end)
    coroutine.resume(parked)
    function created_before_the_call() pcall(coroutine.resume, parked) end
    function quick() return "done" end
  )",
                           quick_limits());
  REQUIRE(sandbox);
  for (const char* name : {"after_yield_in_pcall", "after_yield_in_xpcall",
                           "handler_in_coroutine", "created_before_the_call"}) {
    CAPTURE(name);
    auto stopped = call_global(*sandbox, name);
    REQUIRE_FALSE(stopped);
    CHECK(stopped.error().find("time limit of 0.3 s per call exceeded") != std::string::npos);
    CHECK(*call_global(*sandbox, "quick") == "done");
  }
}

namespace {
// An API function that, like a budget check, ends the whole call.
int spend_budget(lua_State* L) {
  auto* sandbox = static_cast<LuaSandbox*>(lua_touserdata(L, lua_upvalueindex(1)));
  sandbox->abort_call("budget of 3 calls exceeded");
  return luaL_error(L, "budget of 3 calls exceeded");
}
struct BudgetCall {
  LuaSandbox* sandbox;
  const char* function;
};
void call_with_budget(lua_State* L, void* opaque) {
  auto& call = *static_cast<BudgetCall*>(opaque);
  lua_pushlightuserdata(L, call.sandbox);
  lua_pushcclosure(L, spend_budget, 1);
  lua_setglobal(L, "api");
  lua_getglobal(L, call.function);
  lua_call(L, 0, 0);
}
}  // namespace

TEST_CASE("a spent budget ends the call from inside coroutines, whatever catches it") {
  auto sandbox = must_load(R"(
    rounds = 0
    function caught_by_xpcall_after_yield()
      local co = coroutine.wrap(function()
        while true do
          rounds = rounds + 1
          xpcall(function() coroutine.yield() api() end, function(e) return e end)
        end
      end)
      while true do pcall(co) end
    end
    function caught_by_resume()
      while true do
        rounds = rounds + 1
        coroutine.resume(coroutine.create(function() pcall(api) end))
      end
    end
    function rounds_run() local n = rounds rounds = 0 return n end
  )",
                           quick_limits());
  REQUIRE(sandbox);
  for (const char* name : {"caught_by_xpcall_after_yield", "caught_by_resume"}) {
    CAPTURE(name);
    BudgetCall call{sandbox.get(), name};
    auto ran = sandbox->protected_call(call_with_budget, &call);
    REQUIRE_FALSE(ran);
    CHECK(ran.error() == "budget of 3 calls exceeded");
    CHECK(*call_global(*sandbox, "rounds_run") == "1");  // stopped at once, not by the deadline
  }
}

}  // namespace
}  // namespace tile
