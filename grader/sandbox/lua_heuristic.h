// A student's Lua function as an engine heuristic: estimate() calls function_name(board) in the
// sandbox, so the script plugs into every search algorithm of the engine.
//
// Every call is checked, and any failure makes estimate() return nothing (the search stops with
// status heuristic-failed) with failure_message() saying why:
//   - the call raised an error or ran out of time or memory ("submission.lua:12: ...");
//   - the value is not a number with an exact integer value from 0 to kMaxEstimate: NaN, inf,
//     -1, 1.5, 2^63, "3" and nil are errors, never cast ("submission.lua:7: heuristic returned nan
//     (must be a whole number >= 0)"; the line is where the function is defined);
//   - the function changed the board it was given ("heuristic modified the board (cell 3
//     changed)"): a heuristic must be pure;
//   - more than max_calls calls ("heuristic call budget of N calls exceeded").
// The board table is made once and rewritten before every call, so writes to it never leak from
// one call into the next.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine/heuristic.h"
#include "engine/result.h"
#include "grader/sandbox/lua_sandbox.h"

namespace tile {

class LuaHeuristic final : public Heuristic {
 public:
  static constexpr std::int64_t kMaxEstimate = 1'000'000'000;

  // Fails when the script defines no global function of that name. The sandbox must outlive the
  // heuristic.
  static Result<std::unique_ptr<LuaHeuristic>> create(LuaSandbox& sandbox,
                                                      std::string function_name, const Board& goal,
                                                      std::uint64_t max_calls);
  // Loads a script into a sandbox of its own and wraps its `heuristic` function; the returned
  // object owns the sandbox. For `tilegrade solve --heuristic FILE.lua` (in process: a trusted
  // script; graders use run_in_child).
  static Result<std::unique_ptr<LuaHeuristic>> load_file(const std::string& path, const Board& goal,
                                                         const SandboxLimits& limits = {},
                                                         std::uint64_t max_calls = 100'000'000);
  // The same for a script already read (LuaSandbox::read_script): a confined child cannot open it.
  static Result<std::unique_ptr<LuaHeuristic>> load_script(const ScriptSource& script,
                                                           const Board& goal,
                                                           const SandboxLimits& limits = {},
                                                           std::uint64_t max_calls = 100'000'000);
  ~LuaHeuristic() override;

  std::optional<std::int64_t> estimate(const Board& board) override;
  std::string failure_message() const override { return failure_; }
  std::string name() const override;  // "submission.lua:heuristic"
  std::uint64_t calls() const { return calls_; }

 private:
  LuaHeuristic(LuaSandbox& sandbox, std::string function_name, Shape shape,
               std::uint64_t max_calls);
  std::optional<std::int64_t> fail(std::string message);

  std::unique_ptr<LuaSandbox> owned_sandbox_;  // only with load_file and load_script
  LuaSandbox& sandbox_;
  std::string function_name_;
  Shape shape_;
  std::uint64_t max_calls_;
  std::uint64_t calls_ = 0;
  int function_ref_ = LUA_NOREF;  // the function as it was when the heuristic was created
  int board_ref_ = LUA_NOREF;     // the one board table, rewritten before every call
  std::string where_;             // "submission.lua:7:" (where the function is defined)
  std::string failure_;
};

}  // namespace tile
