// A Lua script as Lua's own lexer reads it: its tokens with their byte ranges and lines, and
// whether Lua's own parser accepts a text. The edits of grader/edit/ (the mutation corpus, the
// repair search) are made on these tokens and kept only where the parser accepts the result, so
// nothing here is a grammar of Lua written by hand.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace tile {

enum class TokenClass { Name, Keyword, Operator, Integer, Float, String };

struct LuaToken {
  TokenClass kind = TokenClass::Name;
  std::size_t begin = 0;  // byte offsets into the script: [begin, end)
  std::size_t end = 0;
  int line = 0;  // 1-based, the line the token ends on (a long string can span several)

  // The token as written: for a string token, empty (its start is not kept; nothing edits one).
  std::string_view text(std::string_view script) const {
    return script.substr(begin, end - begin);
  }
  bool is(std::string_view script, std::string_view spelling) const {
    return kind != TokenClass::String && text(script) == spelling;
  }
};

// The tokens of `script` in order, or the lexer's own error ("script:3: unfinished string near
// '"abc'").
Result<std::vector<LuaToken>> lua_tokens(std::string_view script);

// Whether Lua's parser compiles `script` as a text chunk (load's "t" mode); the error is the
// parser's message. Nothing of the chunk runs.
Status lua_compiles(std::string_view script);

}  // namespace tile
