// Helpers shared by the Lua tests: a correct BFS submission, loading a snippet, calling one of
// its global functions to read back what it returned as text, short limits and the 3x3 goal.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "engine/board.h"
#include "grader/sandbox/lua_sandbox.h"

namespace tile::testing {

// BFS with the engine's default semantics, through the problem API: a correct submission.
inline constexpr const char* kCorrectBfs = R"(
-- BFS as the engine's default: goal test on pop, states marked when pushed, FIFO.
function bfs(problem)
  local frontier = {{state = problem.start, path = ""}}
  local head = 1
  local seen = {[problem:key(problem.start)] = true}
  local expanded = 0
  while head <= #frontier do
    local node = frontier[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, step in ipairs(problem:successors(node.state)) do
      local key = problem:key(step.state)
      if not seen[key] then
        seen[key] = true
        frontier[#frontier + 1] = {state = step.state, path = node.path .. step.move:sub(1, 1)}
      end
    end
  end
  return nil, expanded
end
)";

inline std::unique_ptr<LuaSandbox> must_load(const std::string& source, SandboxLimits limits = {}) {
  auto sandbox = LuaSandbox::from_source("test.lua", source, limits);
  if (!sandbox) {
    std::fprintf(stderr, "unexpected load failure: %s\n", sandbox.error().c_str());
    return nullptr;
  }
  return std::move(*sandbox);
}

struct GlobalCall {
  const char* name;
  char text[512] = {};  // the value returned: a string or number as is, else its type name
};

inline void global_call_body(lua_State* L, void* opaque) {
  auto& call = *static_cast<GlobalCall*>(opaque);
  lua_getglobal(L, call.name);
  lua_call(L, 0, 1);
  const int type = lua_type(L, -1);
  if (type == LUA_TSTRING || type == LUA_TNUMBER) {
    std::snprintf(call.text, sizeof call.text, "%s", lua_tostring(L, -1));  // converts in place
  } else {
    std::snprintf(call.text, sizeof call.text, "%s", lua_typename(L, type));
  }
}

// Calls the global function `name` with no arguments; its result as text, or the error.
inline Result<std::string> call_global(LuaSandbox& sandbox, const char* name) {
  GlobalCall call{name};
  if (auto ran = sandbox.protected_call(global_call_body, &call); !ran) return Error{ran.error()};
  return std::string(call.text);
}

// Limits that end a runaway call quickly (0.3 s) and cap memory at 8 MiB.
inline SandboxLimits quick_limits() {
  SandboxLimits limits;
  limits.call_seconds = 0.3;
  limits.memory_bytes = 8 << 20;
  return limits;
}

inline Board goal_3x3() { return goal_board(Shape{3, 3}, GoalLayout::BlankLast); }

}  // namespace tile::testing
