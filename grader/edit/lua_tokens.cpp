#include "grader/edit/lua_tokens.h"

#include <memory>

#include <lua.hpp>

#include "lua/token_scan.h"

namespace tile {
namespace {

struct StateCloser {
  void operator()(lua_State* state) const { lua_close(state); }
};
using OwnedState = std::unique_ptr<lua_State, StateCloser>;

TokenClass token_class(int scanned) {
  switch (scanned) {
    case TILEGRADE_TOKEN_NAME: return TokenClass::Name;
    case TILEGRADE_TOKEN_KEYWORD: return TokenClass::Keyword;
    case TILEGRADE_TOKEN_INTEGER: return TokenClass::Integer;
    case TILEGRADE_TOKEN_FLOAT: return TokenClass::Float;
    case TILEGRADE_TOKEN_STRING: return TokenClass::String;
    default: return TokenClass::Operator;
  }
}

struct Collected {
  std::vector<LuaToken>* tokens;
  bool out_of_memory = false;
};

// The scan runs inside a Lua protected call, so nothing may throw across it: a failed
// allocation stops the scan and is said afterwards.
int collect(void* data, int scanned, std::size_t end, std::size_t length, int line) {
  auto* collected = static_cast<Collected*>(data);
  try {
    LuaToken token;
    token.kind = token_class(scanned);
    token.end = end;
    token.begin = token.kind == TokenClass::String ? end : end - length;
    token.line = line;
    collected->tokens->push_back(token);
    return 0;
  } catch (...) {
    collected->out_of_memory = true;
    return 1;
  }
}

Error lua_message(lua_State* state, std::string_view fallback) {
  const char* message = lua_tostring(state, -1);
  return Error{message != nullptr ? std::string(message) : std::string(fallback)};
}

}  // namespace

Result<std::vector<LuaToken>> lua_tokens(std::string_view script) {
  OwnedState state(luaL_newstate());
  if (!state) return Error{"no memory for a Lua state", ErrorKind::Internal};
  std::vector<LuaToken> tokens;
  Collected collected{&tokens};
  int status = tilegrade_scan_tokens(state.get(), script.data(), script.size(), "=script",
                                     collect, &collected);
  if (collected.out_of_memory) return Error{"out of memory", ErrorKind::Internal};
  if (status != LUA_OK) return lua_message(state.get(), "the script's tokens cannot be read");
  return tokens;
}

Status lua_compiles(std::string_view script) {
  OwnedState state(luaL_newstate());
  if (!state) return Error{"no memory for a Lua state", ErrorKind::Internal};
  if (luaL_loadbufferx(state.get(), script.data(), script.size(), "=script", "t") != LUA_OK)
    return lua_message(state.get(), "the script does not compile");
  return success();
}

}  // namespace tile
