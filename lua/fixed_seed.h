/* Forced into Lua's lstate.c (lua/lua.cmake): the string-hash seed of every Lua state. Stock Lua
   5.4 mixes the clock with the addresses of the new state, a local variable and lua_newstate, so
   pairs() over string keys visits them in another order in each process; lstate.c keeps its own
   luai_makeseed only when none is defined. Any constant will do: this one is the first 32 bits of
   the fractional part of the square root of 2. */
#define luai_makeseed(L) ((unsigned int)0x6a09e667)
