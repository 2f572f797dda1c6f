// The Lua sandbox: what a script may use, what it may not, and how every way of misbehaving ends
// in a clear error while the host carries on.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "grader/sandbox/lua_sandbox.h"
#include "tests/grader/sandbox/lua_test_support.h"

namespace tile {
namespace {

using testing::call_global;
using testing::must_load;
using testing::quick_limits;

TEST_CASE("a script loads and its global functions are found") {
  auto sandbox = must_load("function heuristic(board) return 0 end\nlocal function hidden() end\n");
  REQUIRE(sandbox);
  CHECK(sandbox->has_function("heuristic"));
  CHECK_FALSE(sandbox->has_function("hidden"));
  CHECK_FALSE(sandbox->has_function("missing"));
  CHECK(sandbox->chunkname() == "test.lua");
}

TEST_CASE("a syntax error names the file and the line") {
  auto loaded = LuaSandbox::from_source("@submission.lua", "local x = 1\n\nx = = 2\n", {});
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error().find("submission.lua:3:") == 0);
  CHECK(loaded.error().find("near '='") != std::string::npos);
}

TEST_CASE("from_file uses the base name of the file in messages") {
  const std::string path = "/tmp/tilegrade_sandbox_test_broken.lua";
  {
    std::ofstream out(path);
    out << "function heuristic(board)\n  return 1 +\nend\n";
  }
  auto loaded = LuaSandbox::from_file(path, {});
  std::remove(path.c_str());
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error().find("tilegrade_sandbox_test_broken.lua:3:") == 0);

  auto missing = LuaSandbox::from_file("/nonexistent/dir/none.lua", {});
  REQUIRE_FALSE(missing);
  CHECK(missing.error().find("cannot read /nonexistent/dir/none.lua") == 0);
}

TEST_CASE("a runtime error at load time carries file:line") {
  auto loaded = LuaSandbox::from_source("s.lua", "local t = nil\nlocal x = t.field\n", {});
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error().find("s.lua:2: attempt to index a nil value") == 0);
}

TEST_CASE("a shebang line and a byte-order mark are skipped without shifting line numbers") {
  auto loaded = LuaSandbox::from_source("s.lua", "\xEF\xBB\xBF#!/usr/bin/lua\nerror('here')\n", {});
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error() == "s.lua:2: here");
}

TEST_CASE("precompiled bytecode is refused") {
  const std::string bytecode("\x1bLuaT\x00\x19\x93\r\n\x1a\n", 12);
  auto loaded = LuaSandbox::from_source("s.lua", bytecode, {});
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error().find("precompiled Lua bytecode is not accepted") != std::string::npos);
}

TEST_CASE("the whitelisted library is there and nothing else") {
  auto sandbox = must_load(R"(
    function present()
      local names = {"assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "select",
        "tonumber", "tostring", "type", "rawequal", "rawget", "rawlen", "rawset", "getmetatable",
        "setmetatable", "collectgarbage", "print"}
      local missing = {}
      for _, name in ipairs(names) do
        if type(_G[name]) ~= "function" then missing[#missing + 1] = name end
      end
      for _, lib in ipairs({"string", "table", "math", "utf8", "coroutine"}) do
        if type(_G[lib]) ~= "table" then missing[#missing + 1] = lib end
      end
      for _, name in ipairs({"create", "resume", "wrap", "yield", "status", "running",
                             "isyieldable"}) do
        if type(coroutine[name]) ~= "function" then missing[#missing + 1] = "coroutine." .. name end
      end
      return table.concat(missing, " ")
    end
    function absent()
      local names = {"io", "os", "package", "require", "debug", "dofile", "loadfile", "load",
                     "loadstring", "module", "setfenv", "getfenv", "newproxy"}
      local found = {}
      for _, name in ipairs(names) do
        if _G[name] ~= nil then found[#found + 1] = name end
      end
      if string.dump ~= nil then found[#found + 1] = "string.dump" end
      if coroutine.close ~= nil then found[#found + 1] = "coroutine.close" end
      return table.concat(found, " ")
    end
  )");
  REQUIRE(sandbox);
  CHECK(*call_global(*sandbox, "present") == "");
  CHECK(*call_global(*sandbox, "absent") == "");
}

TEST_CASE("the library works inside the sandbox") {
  auto sandbox = must_load(R"(
    function work()
      local t = {5, 3, 9}
      table.sort(t)
      local parts = {table.concat(t, ","), string.format("%03d", 7), ("ab"):rep(2),
                     tostring(math.max(2, 8)), tostring(utf8.len("héllo")),
                     tostring(select("#", 1, 2, 3)), tostring(math.floor(7 / 2))}
      local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
      parts[#parts + 1] = tostring(co(1)) .. "/" .. tostring(co(5))
      local ok, value = coroutine.resume(coroutine.create(function() return "resumed" end))
      parts[#parts + 1] = tostring(ok) .. ":" .. value
      local ok2, message = pcall(error, "caught")
      parts[#parts + 1] = tostring(ok2) .. ":" .. message
      parts[#parts + 1] = tostring(collectgarbage("count") > 0)
      return table.concat(parts, " ")
    end
  )");
  REQUIRE(sandbox);
  CHECK(*call_global(*sandbox, "work") ==
        "3,5,9 007 abab 8 5 3 3 2/10 true:resumed false:caught true");
}

TEST_CASE("collectgarbage offers \"count\" only") {
  auto sandbox = must_load(R"(
    function collect() collectgarbage() end
    function step() collectgarbage("step") end
  )");
  REQUIRE(sandbox);
  auto collected = call_global(*sandbox, "collect");
  REQUIRE_FALSE(collected);
  CHECK(collected.error().find("test.lua:2: collectgarbage(\"collect\") is not available") == 0);
  CHECK_FALSE(call_global(*sandbox, "step"));
}

TEST_CASE("setmetatable refuses __gc, __close and __mode and allows the rest") {
  auto sandbox = must_load(R"(
    function gc() setmetatable({}, {__gc = function() while true do end end}) end
    function gc_placeholder() setmetatable({}, {__gc = true}) end
    function close() setmetatable({}, {__close = function() end}) end
    function weak() setmetatable({}, {__mode = "k"}) end
    function ordinary()
      local v = setmetatable({}, {__index = function(_, k) return k * 2 end})
      return v[21]
    end
  )");
  REQUIRE(sandbox);
  for (const char* name : {"gc", "gc_placeholder", "close", "weak"}) {
    CAPTURE(name);
    auto refused = call_global(*sandbox, name);
    REQUIRE_FALSE(refused);
    CHECK(refused.error().find("metatables with __") != std::string::npos);
  }
  auto ordinary = call_global(*sandbox, "ordinary");
  REQUIRE_MESSAGE(ordinary, ordinary.error());
  CHECK(*ordinary == "42");
}

TEST_CASE("the string metatable is locked") {
  auto sandbox = must_load(R"(
    function peek() return tostring(getmetatable("")) end
    function tamper() getmetatable("").__index = {} end
  )");
  REQUIRE(sandbox);
  CHECK(*call_global(*sandbox, "peek") == "false");
  auto tampered = call_global(*sandbox, "tamper");
  REQUIRE_FALSE(tampered);
  CHECK(tampered.error().find("test.lua:3: attempt to index a boolean value") == 0);
}

TEST_CASE("math.random is seeded deterministically and reseed() restarts the sequence") {
  const std::string source = R"(
    function draw() local t = {} for i = 1, 5 do t[i] = math.random(1000) end
                    return table.concat(t, ",") end
    function unseeded() math.randomseed() end
    function seeded() math.randomseed(42) return math.random(1000) end
  )";
  auto first = must_load(source);
  auto second = must_load(source);
  REQUIRE(first);
  REQUIRE(second);
  const std::string sequence = *call_global(*first, "draw");
  CHECK(*call_global(*second, "draw") == sequence);
  CHECK(*call_global(*first, "draw") != sequence);
  REQUIRE(first->reseed(1));
  CHECK(*call_global(*first, "draw") == sequence);
  REQUIRE(first->reseed(2));
  CHECK(*call_global(*first, "draw") != sequence);
  auto unseeded = call_global(*first, "unseeded");
  REQUIRE_FALSE(unseeded);
  CHECK(unseeded.error().find("math.randomseed needs a seed") != std::string::npos);
  CHECK(*call_global(*first, "seeded") == *call_global(*second, "seeded"));
}

TEST_CASE("print is captured, never written") {
  auto sandbox =
      must_load("print('loaded', 1, nil)\nfunction again() print(('x'):rep(10000)) end\n");
  REQUIRE(sandbox);
  CHECK(sandbox->printed_output() == "loaded\t1\tnil\n");
  REQUIRE(call_global(*sandbox, "again"));
  CHECK(sandbox->printed_output().size() == 4096);
}

TEST_CASE("the memory cap turns allocation bombs into a clean error") {
  SandboxLimits limits = quick_limits();
  // The memory cap must stop each bomb, not the clock: under AddressSanitizer on a loaded machine
  // filling 8 MiB took longer than quick_limits' 0.3 s (CI, stop 28). A broken cap still fails
  // here, by the clock's message instead of the cap's.
  limits.call_seconds = 20.0;
  auto sandbox = must_load(R"(
    function tables() local t = {} for i = 1, math.huge do t[i] = {i} end end
    function concat() local s = "x" while true do s = s .. s end end
    function rep() return #string.rep("x", 1 << 40) end
    function in_coroutine()
      return coroutine.wrap(function() local t = {} while true do t[#t + 1] = {} end end)()
    end
    function fine() local t = {} for i = 1, 1000 do t[i] = i end return #t end
  )",
                           limits);
  REQUIRE(sandbox);
  for (const std::string name : {"tables", "concat", "rep", "in_coroutine"}) {
    CAPTURE(name);
    auto bombed = call_global(*sandbox, name.c_str());
    REQUIRE_FALSE(bombed);
    const bool clean = bombed.error().find("memory limit of 8 MiB") != std::string::npos ||
                       bombed.error().find("resulting string too large") != std::string::npos;
    CHECK_MESSAGE(clean, bombed.error());
    CHECK(sandbox->memory_in_use() <= limits.memory_bytes);
  }
  CHECK(*call_global(*sandbox, "fine") == "1000");  // the state is still usable
}

TEST_CASE("a memory cap too small for the libraries fails cleanly") {
  SandboxLimits limits;
  limits.memory_bytes = 4096;
  auto loaded = LuaSandbox::from_source("s.lua", "x = 1", limits);
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error().find("s.lua:") == 0);
}

TEST_CASE("the watchdog stops loops that pcall cannot hide") {
  auto sandbox = must_load(R"(
    function plain() while true do end end
    function swallowed() while true do pcall(function() while true do end end) end end
    function handler() while true do xpcall(function() error("x") end,
                                            function() while true do end end) end end
    function tail() local function f(n) return f(n + 1) end return f(0) end
    local early = coroutine.create(function() while true do end end)
    function in_coroutine() while true do coroutine.resume(early) end end
    function nested_coroutines()
      local function spawn(depth)
        return coroutine.wrap(function()
          while true do if depth < 50 then spawn(depth + 1)() end end
        end)
      end
      spawn(1)()
    end
    function quick() return "done" end
  )",
                           quick_limits());
  REQUIRE(sandbox);
  for (const char* name :
       {"plain", "swallowed", "handler", "tail", "in_coroutine", "nested_coroutines"}) {
    CAPTURE(name);
    auto stopped = call_global(*sandbox, name);
    REQUIRE_FALSE(stopped);
    CHECK(stopped.error().find("time limit of 0.3 s per call exceeded") != std::string::npos);
    CHECK(stopped.error().find("test.lua:") == 0);
    CHECK(*call_global(*sandbox, "quick") == "done");  // the next call starts with a clean slate
  }
}

TEST_CASE("an infinite loop at load time is stopped too") {
  auto loaded = LuaSandbox::from_source("s.lua", "local n = 0\nwhile true do n = n + 1 end\n",
                                        quick_limits());
  REQUIRE_FALSE(loaded);
  CHECK(loaded.error() == "s.lua:2: processor-time limit of 0.3 s per call exceeded");
}

TEST_CASE("error objects are described without trusting them") {
  auto sandbox = must_load(R"(
    function table_object() error({code = 1}) end
    function failing_tostring()
      error(setmetatable({}, {__tostring = function() error("nested failure") end}))
    end
    function looping_tostring()
      error(setmetatable({}, {__tostring = function() while true do end end}))
    end
    function wrong_tostring() error(setmetatable({}, {__tostring = function() return {} end})) end
    function good_tostring()
      error(setmetatable({}, {__tostring = function() return "custom message" end}))
    end
    function level_zero() error("no position", 0) end
    function number_object() error(42) end
    function nil_object() error(nil) end
  )",
                           quick_limits());
  REQUIRE(sandbox);
  struct Case {
    const char* function;
    const char* message;
  };
  for (const Case& c :
       {Case{"table_object", "test.lua:2: (error object is a table value)"},
        Case{"failing_tostring", "test.lua:4: (error object is a table value)"},
        Case{"wrong_tostring", "test.lua:9: (error object is a table value)"},
        Case{"good_tostring", "test.lua:11: custom message"},
        Case{"level_zero", "test.lua:13: no position"}, Case{"number_object", "test.lua:14: 42"},
        Case{"nil_object", "test.lua:15: (error object is a nil value)"}}) {
    CAPTURE(c.function);
    auto failed = call_global(*sandbox, c.function);
    REQUIRE_FALSE(failed);
    CHECK(failed.error() == c.message);
  }
  // The looping __tostring runs until the deadline stops it; the object stays undescribed.
  auto looped = call_global(*sandbox, "looping_tostring");
  REQUIRE_FALSE(looped);
  CHECK(looped.error() == "test.lua:7: (error object is a table value)");
}

TEST_CASE("describe_lua_value_safely never runs a hostile __tostring outside a protected call") {
  auto sandbox = must_load("bad = setmetatable({}, {__tostring = function() error('boom') end})\n");
  REQUIRE(sandbox);
  lua_State* L = sandbox->state();
  lua_getglobal(L, "bad");
  CHECK(describe_lua_value_safely(L, -1) == "(error object is a table value)");
  lua_pushinteger(L, 7);
  CHECK(describe_lua_value_safely(L, -1) == "7");
  lua_pop(L, 2);
}

namespace {
struct AbortContext {
  LuaSandbox* sandbox;
  const char* function;
};
// An API function that, like a budget check, ends the whole call.
int abort_now(lua_State* L) {
  auto* sandbox = static_cast<LuaSandbox*>(lua_touserdata(L, lua_upvalueindex(1)));
  sandbox->abort_call("budget of 3 calls exceeded");
  return luaL_error(L, "budget of 3 calls exceeded");
}
void install_and_call(lua_State* L, void* opaque) {
  auto& context = *static_cast<AbortContext*>(opaque);
  lua_pushlightuserdata(L, context.sandbox);
  lua_pushcclosure(L, abort_now, 1);
  lua_setglobal(L, "api");
  lua_getglobal(L, context.function);
  lua_call(L, 0, 0);
}
}  // namespace

TEST_CASE("abort_call ends the call even when the script catches every error") {
  auto sandbox = must_load(R"(
    function stubborn()
      while true do pcall(api) end
    end
    function after() return "fresh" end
    loops = 0
    function nested()  -- aborted two coroutines deep; the outer one must not run on
      coroutine.wrap(function()
        while true do
          loops = loops + 1
          coroutine.resume(coroutine.create(function() api() end))
        end
      end)()
    end
    function loops_run() return loops end
  )",
                           quick_limits());
  REQUIRE(sandbox);
  AbortContext context{sandbox.get(), "stubborn"};
  auto ran = sandbox->protected_call(install_and_call, &context);
  REQUIRE_FALSE(ran);
  CHECK(ran.error() == "budget of 3 calls exceeded");
  CHECK_FALSE(sandbox->call_aborted());
  CHECK(*call_global(*sandbox, "after") == "fresh");

  context.function = "nested";
  auto nested = sandbox->protected_call(install_and_call, &context);
  REQUIRE_FALSE(nested);
  CHECK(nested.error() == "budget of 3 calls exceeded");
  CHECK(*call_global(*sandbox, "loops_run") == "1");  // not until the deadline
}

TEST_CASE("deep recursion and C-stack recursion through metamethods end in errors") {
  auto sandbox = must_load(R"(
    function lua_stack() local function f(n) return 1 + f(n + 1) end return f(1) end
    function c_stack()
      local t = setmetatable({}, {})
      getmetatable(t).__index = function(self, k) return self[k] end
      return t.x
    end
    function resumes()
      local function dive() return coroutine.wrap(dive)() end
      return dive()
    end
  )",
                           quick_limits());
  REQUIRE(sandbox);
  auto lua_stack = call_global(*sandbox, "lua_stack");
  REQUIRE_FALSE(lua_stack);
  const bool overflow = lua_stack.error().find("stack overflow") != std::string::npos ||
                        lua_stack.error().find("memory limit") != std::string::npos;
  CHECK_MESSAGE(overflow, lua_stack.error());
  auto c_stack = call_global(*sandbox, "c_stack");
  REQUIRE_FALSE(c_stack);
  CHECK_MESSAGE(c_stack.error().find("stack overflow") != std::string::npos, c_stack.error());
  auto resumes = call_global(*sandbox, "resumes");
  REQUIRE_FALSE(resumes);
  // Each wrap level prefixes its position; the message is cut before the cause shows.
  CHECK(resumes.error().find("test.lua:9:") == 0);
  CHECK(resumes.error().size() < 2100);
}

TEST_CASE("sandboxes are independent: globals do not leak from one to another") {
  auto first = must_load("shared = 'first'\nfunction get() return tostring(shared) end\n");
  auto second = must_load("function get() return tostring(shared) end\n");
  REQUIRE(first);
  REQUIRE(second);
  CHECK(*call_global(*first, "get") == "first");
  CHECK(*call_global(*second, "get") == "nil");
}

}  // namespace
}  // namespace tile
