# Lua 5.4, compiled from the system's own source package (scripts/lua-source.sh fetches it with
# `apt-get source lua5.4` at install time; nothing is downloaded here), so that every grading VM
# starts from the same state:
# - a fixed string-hash seed. Lua 5.4's luai_makeseed mixes the clock with the addresses of the
#   new state, a local variable and lua_newstate, so the order of pairs() over string keys changes
#   from run to run; Debian's liblua5.4 cannot be told otherwise. lstate.c keeps its own
#   luai_makeseed only when none is defined, so lua/fixed_seed.h, forced into lstate.c, fixes the
#   seed without a patch.
# - no addresses: lua/object_ids.c replaces lua_topointer (lapi.c's is renamed), so tostring({})
#   reads "table: 0x1", a number counted per state.
# - lua/token_scan.c drives Lua's own lexer token by token (internal headers of this same source),
#   for the edits grader/edit/ makes to a script.
# Built as Debian builds it (C, so errors are setjmp/longjmp; LUA_COMPAT_5_3 as in debian/rules),
# for POSIX without dlopen (scripts get no `package` library), and without lua.c and luac.c.
set(TILEGRADE_LUA_SOURCE "$ENV{TILEGRADE_LUA_SOURCE}" CACHE PATH
    "Lua 5.4's source package, as scripts/lua-source.sh unpacks it (holds src/lstate.c)")
if(NOT TILEGRADE_LUA_SOURCE)
  set(TILEGRADE_LUA_SOURCE /var/cache/tilegrade/lua5.4 CACHE PATH "" FORCE)
endif()
if(NOT EXISTS "${TILEGRADE_LUA_SOURCE}/src/lstate.c")
  message(FATAL_ERROR "no Lua 5.4 sources in ${TILEGRADE_LUA_SOURCE}: run scripts/lua-source.sh "
                      "(as root; scripts/setup.sh does), or set TILEGRADE_LUA_SOURCE")
endif()
file(READ "${TILEGRADE_LUA_SOURCE}/src/lstate.c" TILEGRADE_LSTATE)
if(NOT TILEGRADE_LSTATE MATCHES "#if !defined\\(luai_makeseed\\)")
  message(FATAL_ERROR "${TILEGRADE_LUA_SOURCE}/src/lstate.c no longer lets luai_makeseed be "
                      "defined from outside: the seed cannot be fixed this way")
endif()
set(LUA_SRC "${TILEGRADE_LUA_SOURCE}/src")
file(GLOB LUA_SOURCES "${LUA_SRC}/*.c")
list(FILTER LUA_SOURCES EXCLUDE REGEX "/(lua|luac)\\.c$")
add_library(tile_lua STATIC ${LUA_SOURCES} "${CMAKE_CURRENT_LIST_DIR}/object_ids.c"
            "${CMAKE_CURRENT_LIST_DIR}/token_scan.c")
target_compile_definitions(tile_lua PRIVATE LUA_COMPAT_5_3 LUA_USE_POSIX)
set_source_files_properties("${LUA_SRC}/lstate.c" PROPERTIES
                            COMPILE_OPTIONS "-include;${CMAKE_CURRENT_LIST_DIR}/fixed_seed.h")
set_source_files_properties("${LUA_SRC}/lapi.c" PROPERTIES
                            COMPILE_DEFINITIONS "lua_topointer=lua_topointer_address")
# lua/debian/ holds the header Debian's luaconf.h includes (lua5.4-deb-multiarch.h).
target_include_directories(tile_lua SYSTEM PUBLIC "${LUA_SRC}" "${CMAKE_CURRENT_LIST_DIR}/debian")
target_compile_options(tile_lua PRIVATE -Wno-pedantic)
target_link_libraries(tile_lua PUBLIC m)
# Under the sanitizers Lua's own C is compiled without them, at -O2, and with Lua's checks of its
# C API turned on. Every access tilegrade's code makes is still checked, into Lua's memory too
# (Lua allocates through the sandbox's allocator, so through the sanitizer's malloc); what goes
# unchecked is the inside of Lua's interpreter, which is Debian's code, not ours. A misuse of the
# API by tilegrade's code (a wrong stack index, too few slots) fails Lua's own assertion instead.
# (-UNDEBUG: the checks are assert()s, which the Release build type turns off.) The 400 sanitized
# gradings of tests/e2e/term.sh took 127 s of processor time this way, 146 s fully instrumented.
if(TILEGRADE_SANITIZE)
  target_compile_options(tile_lua PRIVATE -fno-sanitize=all -O2 -UNDEBUG)
  target_compile_definitions(tile_lua PRIVATE LUA_USE_APICHECK)
endif()
