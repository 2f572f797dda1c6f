/* Lua's own lexer, run over a chunk for its tokens alone (grader/edit/lua_tokens.h).
 *
 * Why Lua's lexer and not one of our own: the edits tilegrade makes to a student's script (the
 * mutation corpus, the repair search) must see the tokens exactly as the interpreter that runs the
 * script does: long brackets, nested comments, numerals such as 0x1p4 or 3., escapes. llex.c is
 * the definition of that, so it is compiled here with the rest of Lua and driven token by token
 * through its internal interface (luaX_setinput, luaX_next), as lparser.c drives it.
 *
 * For each token the callback gets its class (token_scan.h), the byte offset just past its last
 * character, the length of its spelling (0 for a string, whose escapes make the spelling longer
 * than the value the lexer keeps), and the line it ends on. The spelling is the chunk's own bytes
 * before that offset, so the caller needs none of llex.h's token numbers. */
#include <string.h>

#include "lua.h"
#include "lauxlib.h"

#include "ldo.h"
#include "llex.h"
#include "lstate.h"
#include "lstring.h"
#include "ltable.h"
#include "lzio.h"

#include "token_scan.h"

struct ScanInput {
  const char *chunk;
  size_t size;
  int done; /* the reader gave the chunk already */
};

struct Scan {
  struct ScanInput input;
  const char *name;
  tilegrade_token_callback each;
  void *data;
  Mbuffer buffer;
};

static const char *read_whole(lua_State *L, void *data, size_t *size) {
  struct ScanInput *input = (struct ScanInput *)data;
  (void)L;
  if (input->done) {
    *size = 0;
    return NULL;
  }
  input->done = 1;
  *size = input->size;
  return input->chunk;
}

/* The spelling's length of a token the lexer did not copy into its buffer. */
static size_t operator_length(int token) {
  switch (token) {
    case TK_DOTS: return 3;
    case TK_IDIV: case TK_CONCAT: case TK_EQ: case TK_GE: case TK_LE: case TK_NE:
    case TK_SHL: case TK_SHR: case TK_DBCOLON: return 2;
    default: return token < FIRST_RESERVED ? 1 : 0;
  }
}

static int token_class(int token) {
  if (token == TK_NAME) return TILEGRADE_TOKEN_NAME;
  if (token >= FIRST_RESERVED && token <= TK_WHILE) return TILEGRADE_TOKEN_KEYWORD;
  if (token == TK_INT) return TILEGRADE_TOKEN_INTEGER;
  if (token == TK_FLT) return TILEGRADE_TOKEN_FLOAT;
  if (token == TK_STRING) return TILEGRADE_TOKEN_STRING;
  return TILEGRADE_TOKEN_OPERATOR;
}

static int scan_protected(lua_State *L) {
  struct Scan *scan = (struct Scan *)lua_touserdata(L, 1);
  ZIO z;
  LexState ls;
  memset(&ls, 0, sizeof ls);
  luaZ_init(L, &z, read_whole, &scan->input);
  ls.h = luaH_new(L); /* the lexer interns its strings here, as luaY_parser's scanner does */
  sethvalue2s(L, L->top, ls.h);
  luaD_inctop(L);
  ls.buff = &scan->buffer;
  /* The chunk's name, anchored on the stack as luaY_parser anchors it in its prototype: the
   * lexer's own strings can start a collection, and an error message reads the name. */
  lua_pushstring(L, scan->name);
  luaX_setinput(L, &ls, &z, tsvalue(s2v(L->top - 1)), zgetc(&z));
  for (;;) {
    size_t end, length = 0;
    int token;
    luaX_next(&ls);
    token = ls.t.token;
    if (token == TK_EOS) break;
    /* ls.current is the character after the token, already taken from the chunk; at the
     * chunk's end zgetc has wrapped z.n past zero, so the token ends where the chunk does. */
    end = ls.current == EOZ ? scan->input.size : scan->input.size - z.n - 1;
    if (token == TK_NAME || (token >= FIRST_RESERVED && token <= TK_WHILE))
      length = luaZ_bufflen(ls.buff);
    else if (token == TK_INT || token == TK_FLT)
      length = luaZ_bufflen(ls.buff) - 1; /* read_numeral ends the buffer with '\0' */
    else if (token != TK_STRING)
      length = operator_length(token);
    if (scan->each(scan->data, token_class(token), end, length, ls.linenumber) != 0) break;
  }
  return 0;
}

int tilegrade_scan_tokens(lua_State *L, const char *chunk, size_t size, const char *name,
                          tilegrade_token_callback each, void *data) {
  struct Scan scan;
  int status;
  scan.input.chunk = chunk;
  scan.input.size = size;
  scan.input.done = 0;
  scan.name = name;
  scan.each = each;
  scan.data = data;
  luaZ_initbuffer(L, &scan.buffer);
  lua_pushcfunction(L, scan_protected);
  lua_pushlightuserdata(L, &scan);
  status = lua_pcall(L, 1, 0, 0);
  luaZ_freebuffer(L, &scan.buffer);
  return status;
}
