/* Lua's own lexer over a chunk, token by token (lua/token_scan.c says why). */
#ifndef TILEGRADE_TOKEN_SCAN_H
#define TILEGRADE_TOKEN_SCAN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "lua.h"

enum {
  TILEGRADE_TOKEN_NAME = 0,
  TILEGRADE_TOKEN_KEYWORD = 1,
  TILEGRADE_TOKEN_OPERATOR = 2, /* punctuation too: ( ) { } [ ] , ; . : = and the operators */
  TILEGRADE_TOKEN_INTEGER = 3,
  TILEGRADE_TOKEN_FLOAT = 4,
  TILEGRADE_TOKEN_STRING = 5
};

/* Called once per token, in order; a non-zero return stops the scan. Must not raise a Lua error
 * or throw. */
typedef int (*tilegrade_token_callback)(void *data, int token_class, size_t end, size_t length,
                                        int line);

/* Scans `chunk` with llex.c. Returns LUA_OK, or the lexer's error status with its message
 * ("name:3: unfinished string near ...") on top of L's stack. */
int tilegrade_scan_tokens(lua_State *L, const char *chunk, size_t size, const char *name,
                          tilegrade_token_callback each, void *data);

#ifdef __cplusplus
}
#endif

#endif
