// Helpers shared by the Lua tests: load a snippet, call one of its global functions and read back
// what it returned as text.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "grader/lua_sandbox.h"

namespace tile::testing {

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

}  // namespace tile::testing
