#include "grader/sandbox/lua_problem.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>

#include "grader/sandbox/lua_board.h"
#include "grader/sandbox/lua_search_answer.h"

namespace tile {

namespace {

// The registry slot that points at the context of the run in progress; cleared after the run.
const char kActiveRunKey = 0;
std::atomic<std::uint64_t> next_run_id{1};

struct SearchContext {
  LuaSandbox* sandbox;
  const Problem* problem;
  const ResolvedSemantics* semantics;
  Heuristic* heuristic;
  SearchCallLimits limits;
  std::size_t keep_expansions;
  // The reference's expansion order, for a run that stops where its own order leaves it (the
  // repair search's candidates, run/repair_search.h); null for a graded run.
  const std::vector<Board>* stop_at_divergence;
  std::uint64_t run_id;
  const char* function_name;
  StudentSearchRun* run;
  ObservedSearchRecorder* recorder;
  // The script's chunk as Lua names its functions' source ("@submission.lua"): how a frame of the
  // script's own is told from the sandbox's library (heapq's Lua, "=heapq") and C functions.
  const char* script_source;
  // Outcomes noted inside the protected call, as plain data.
  int line_defined = 0;
  bool function_missing = false;
  bool host_out_of_memory = false;
  char shape_error[600] = {};  // what the returned values got wrong
};

// Upvalues of every API closure: 1 = the run id, 2 = the problem table, 3 = the state metatable.
SearchContext& active_run(lua_State* L, const char* method, bool method_call) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kActiveRunKey);
  auto* context = static_cast<SearchContext*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  const auto run_id = static_cast<std::uint64_t>(lua_tointeger(L, lua_upvalueindex(1)));
  if (context == nullptr || context->run_id != run_id) {
    luaL_error(L, "problem:%s: this problem belongs to a search that has finished", method);
  }
  if (method_call && !lua_rawequal(L, 1, lua_upvalueindex(2))) {
    luaL_error(L, "call it as problem:%s(state), with a colon", method);
  }
  if (++context->run->api_calls > context->limits.max_api_calls) {
    char reason[200];
    std::snprintf(reason, sizeof reason, "API budget of %llu problem calls exceeded",
                  static_cast<unsigned long long>(context->limits.max_api_calls));
    context->sandbox->abort_call(reason);
    luaL_error(L, "%s", reason);
  }
  return *context;
}

Board read_state(lua_State* L, int index, const SearchContext& context, const char* method) {
  Board board;
  char why[200];
  if (!read_lua_board(L, index, context.problem->start.shape, board, why, sizeof why)) {
    luaL_error(L, "problem:%s: %s", method, why);
  }
  return board;
}

// Ends the run when the grader cannot keep what it observed: the record must never lie by
// omission. Raises a Lua error (never returns normally) after the caught allocation failure.
[[noreturn]] void out_of_recording_memory(lua_State* L, SearchContext& context) {
  context.host_out_of_memory = true;
  context.sandbox->abort_call("the grader ran out of memory recording the search");
  luaL_error(L, "the grader ran out of memory recording the search");
  std::abort();  // luaL_error does not return
}

// The line of the script's file the API function running now was called from (ObservedCall::
// line): that of the innermost frame whose function is of the script's chunk, so a call made
// through pcall, or from a comparison that table.sort or heapq calls, is given the script's line
// that made it, never heapq's or none; `return problem:h(s)` too, since Lua 5.4 runs a C function
// called in a tail call with its caller's frame still on the stack. 0 when no frame of the
// script's is on this thread's stack.
//
// Its cost is on every API call the record keeps: the first frame is nearly always the script's,
// one lua_getstack and one lua_getinfo (bench lua_search_calls; bench/RESULTS.md).
std::uint32_t caller_line(lua_State* L, const SearchContext& context) {
  lua_Debug frame;
  for (int level = 1; lua_getstack(L, level, &frame) != 0; ++level) {
    if (lua_getinfo(L, "Sl", &frame) == 0) break;
    // By the text, which every function of the chunk shares; a C function's ("=[C]") and heapq's
    // ("=heapq") differ at their first character.
    if (frame.currentline > 0 && std::strcmp(frame.source, context.script_source) == 0) {
      return static_cast<std::uint32_t>(frame.currentline);
    }
  }
  return 0;
}

// Records a call of `kind` on `board` in the observed search (observed_search.h).
void observe(lua_State* L, SearchContext& context, ObservedCallKind kind, const Board& board) {
  const std::uint32_t line = context.recorder->keeping() ? caller_line(L, context) : 0;
  bool recorded = true;
  try {
    context.recorder->call(kind, board, line);
  } catch (...) {
    recorded = false;
  }
  if (!recorded) out_of_recording_memory(L, context);
}

int api_is_goal(lua_State* L) {
  SearchContext& context = active_run(L, "is_goal", true);
  const Board board = read_state(L, 2, context, "is_goal");
  observe(L, context, ObservedCallKind::IsGoal, board);
  lua_pushboolean(L, board == context.problem->goal);
  return 1;
}

int api_successors(lua_State* L) {
  SearchContext& context = active_run(L, "successors", true);
  const Board board = read_state(L, 2, context, "successors");
  if (context.run->expanded >= context.limits.max_expansions) {
    context.run->out_of_expansions = true;
    char reason[200];
    std::snprintf(reason, sizeof reason,
                  "expansion budget of %llu problem:successors() calls exceeded",
                  static_cast<unsigned long long>(context.limits.max_expansions));
    context.sandbox->abort_call(reason);
    return luaL_error(L, "%s", reason);
  }
  if (context.stop_at_divergence != nullptr) {
    const std::vector<Board>& order = *context.stop_at_divergence;
    if (context.run->expanded >= order.size() || order[context.run->expanded] != board) {
      context.run->left_reference_order = true;
      context.sandbox->abort_call("the expansion order left the reference's");
      return luaL_error(L, "the expansion order left the reference's");
    }
  }
  Board children[kMoveCount];
  Move moves[kMoveCount];
  int count = 0;
  for (const Move move : context.semantics->action_order) {
    if (!board.can_move(move)) continue;
    children[count] = board.moved(move);
    moves[count++] = move;
  }
  const std::uint32_t line = context.recorder->keeping() ? caller_line(L, context) : 0;
  bool recorded = true;
  try {
    record_expansion(*context.run, board, context.keep_expansions);
    context.recorder->successors(board, children, moves, count, line);
  } catch (...) {
    recorded = false;
  }
  if (!recorded) {
    context.host_out_of_memory = true;
    context.sandbox->abort_call("the grader ran out of memory recording expansions");
    return luaL_error(L, "the grader ran out of memory recording expansions");
  }
  lua_createtable(L, count, 0);
  for (int i = 0; i < count; ++i) {
    const Move move = moves[i];
    lua_createtable(L, 0, 3);
    lua_pushstring(L, move_name(move));
    lua_setfield(L, -2, "move");
    push_lua_board(L, children[i], lua_upvalueindex(3));
    lua_setfield(L, -2, "state");
    lua_pushinteger(L, step_cost(board, move, context.semantics->cost));
    lua_setfield(L, -2, "cost");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

int api_key(lua_State* L) {
  SearchContext& context = active_run(L, "key", true);
  const Board board = read_state(L, 2, context, "key");
  observe(L, context, ObservedCallKind::Key, board);
  // "1,2,0,...": written by hand, not with snprintf, which was a tenth of a graded search's time.
  char text[kMaxCells * 3];
  char* out = text;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (cell > 0) *out++ = ',';
    static_assert(kMaxCells <= 100, "a tile is written with at most two digits");
    const int tile = board.at(cell);
    if (tile >= 10) *out++ = static_cast<char>('0' + tile / 10);
    *out++ = static_cast<char>('0' + tile % 10);
  }
  lua_pushlstring(L, text, static_cast<std::size_t>(out - text));
  return 1;
}

// problem:h(s) and h(s): the task's heuristic. A failing heuristic ends the run (it is an error
// of the submission or of the task, never something the script may recover from).
int evaluate(lua_State* L, int state_index, const char* method, bool method_call) {
  SearchContext& context = active_run(L, method, method_call);
  if (context.heuristic == nullptr) {
    return luaL_error(L, "%s: this task has no heuristic", method);
  }
  const Board board = read_state(L, state_index, context, method);
  observe(L, context, ObservedCallKind::Heuristic, board);
  std::optional<std::int64_t> value;
  char failure[600] = {};
  try {  // no Lua call in here: estimate() runs its own protected calls, which never longjmp out
    value = context.heuristic->estimate(board);
    if (!value) {
      const std::string message = context.heuristic->failure_message();
      std::snprintf(failure, sizeof failure, "%s",
                    message.empty() ? "the heuristic failed" : message.c_str());
    }
  } catch (...) {
    value.reset();
    std::snprintf(failure, sizeof failure, "the grader ran out of memory in the heuristic");
  }
  if (!value) {
    context.sandbox->abort_call(failure);
    return luaL_error(L, "%s", failure);
  }
  lua_pushinteger(L, static_cast<lua_Integer>(*value));
  return 1;
}

int api_h(lua_State* L) { return evaluate(L, 2, "h", true); }
int plain_h(lua_State* L) { return evaluate(L, 1, "h", false); }

void search_body(lua_State* L, void* opaque) {
  auto& context = *static_cast<SearchContext*>(opaque);
  lua_pushlightuserdata(L, &context);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kActiveRunKey);

  lua_pushglobaltable(L);
  lua_pushstring(L, context.function_name);
  if (lua_rawget(L, -2) != LUA_TFUNCTION) {
    context.function_missing = true;
    return;
  }
  const int function = lua_gettop(L);
  lua_Debug info;
  lua_pushvalue(L, function);
  lua_getinfo(L, ">S", &info);
  context.line_defined = info.linedefined;

  push_board_metatable(L, context.problem->goal);
  const int metatable = lua_gettop(L);
  lua_createtable(L, 0, 8);
  const int problem = lua_gettop(L);
  push_lua_board(L, context.problem->start, metatable);
  lua_setfield(L, problem, "start");
  push_lua_board(L, context.problem->goal, metatable);
  lua_setfield(L, problem, "goal");
  lua_createtable(L, kMoveCount, 0);
  for (int i = 0; i < kMoveCount; ++i) {
    lua_pushstring(L, move_name(context.semantics->action_order[static_cast<std::size_t>(i)]));
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, problem, "actions");
  const luaL_Reg methods[] = {
      {"is_goal", api_is_goal}, {"successors", api_successors}, {"key", api_key}, {"h", api_h}};
  for (const luaL_Reg& method : methods) {
    lua_pushinteger(L, static_cast<lua_Integer>(context.run_id));
    lua_pushvalue(L, problem);
    lua_pushvalue(L, metatable);
    lua_pushcclosure(L, method.func, 3);
    lua_setfield(L, problem, method.name);
  }

  lua_pushvalue(L, function);
  lua_pushvalue(L, problem);
  if (context.heuristic != nullptr) {
    lua_pushinteger(L, static_cast<lua_Integer>(context.run_id));
    lua_pushvalue(L, problem);
    lua_pushvalue(L, metatable);
    lua_pushcclosure(L, plain_h, 3);
  } else {
    lua_pushnil(L);
  }
  // The line of the `return` that gave the path and count (StudentSearchRun::return_line).
  context.sandbox->note_return_line();
  lua_call(L, 2, 2);
  context.sandbox->stop_noting_return();
  context.run->return_line = static_cast<std::uint32_t>(context.sandbox->returned_line());

  try {  // no Lua call inside: raw reads only
    char what[500] = {};
    if (!read_search_answer(L, -2, -1, context.problem->start.shape, *context.run, what,
                            sizeof what)) {
      std::snprintf(context.shape_error, sizeof context.shape_error, "%s returned %s",
                    context.function_name, what);
    }
  } catch (...) {
    context.host_out_of_memory = true;
  }
}

void clear_active_run_body(lua_State* L, void*) {
  lua_pushnil(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kActiveRunKey);
}

}  // namespace

StudentSearchRun run_student_search(LuaSandbox& sandbox, const std::string& function_name,
                                    const Problem& problem, const ResolvedSemantics& semantics,
                                    Heuristic* heuristic, const SearchCallLimits& limits,
                                    std::size_t keep_expansions, const PassingRun& passing,
                                    const std::vector<Board>* stop_at_divergence) {
  StudentSearchRun run;
  std::optional<ObservedSearchRecorder> recorder;
  try {
    recorder.emplace(run.observed, problem.start, ObservedSearchRecorder::Interning::Deferred);
  } catch (...) {
    run.error = "the grader ran out of memory recording the search";
    return run;
  }
  const std::string script_source = "@" + sandbox.chunkname();  // as LuaSandbox::load names it
  SearchContext context{&sandbox,
                        &problem,
                        &semantics,
                        heuristic,
                        limits,
                        keep_expansions,
                        stop_at_divergence,
                        next_run_id.fetch_add(1),
                        function_name.c_str(),
                        &run,
                        &*recorder,
                        script_source.c_str()};
  // Processor time, not wall time: it is what the budgets consume, whatever else the machine runs.
  const std::clock_t started = std::clock();
  const Status status = sandbox.protected_call(search_body, &context);
  run.cpu_seconds = static_cast<double>(std::clock() - started) / CLOCKS_PER_SEC;
  // Overwriting an existing registry slot cannot allocate, so this cannot fail: afterwards no
  // script can reach `context`, which dies with this frame.
  (void)sandbox.protected_call(clear_active_run_body, nullptr);

  const std::string where = sandbox.chunkname() + ":" + std::to_string(context.line_defined) + ": ";
  if (!status) {
    run.error = status.error();
  } else if (context.function_missing) {
    run.error = sandbox.chunkname() + ": no global function '" + function_name + "' (define " +
                "function " + function_name + "(problem) ... end)";
  } else if (context.host_out_of_memory) {
    run.error = "the grader ran out of memory while reading the result";
  } else if (context.shape_error[0] != '\0') {
    run.error = where + context.shape_error;
  } else {
    run.completed = true;
  }
  // The calls are interned into the record only for a run that fails its test: nothing reads a
  // passing run's (passing_run.h).
  if (!equals_passing_run(run, passing)) {
    try {
      recorder->finish();
    } catch (...) {
      run.completed = false;
      run.error = "the grader ran out of memory recording the search";
    }
  }
  if (!run.completed) {
    run.path.clear();
    run.returned_boards.clear();
  }
  return run;
}

}  // namespace tile
