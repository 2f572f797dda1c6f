// Edits of a Lua script: the operators of the mutation corpus (issue 47), each a change that a
// student could have made by mistake, found on the tokens Lua's own lexer reads
// (grader/edit/lua_tokens.h) and kept only where Lua's own parser still compiles the result.
//
// The operators are the classic ones of mutation testing, with the few that search code makes
// its own (which end of the frontier table.insert and table.remove use, a copy of a board that
// became an alias): nobody chose which mistakes they make, so a judge measured on them is measured
// on mistakes its rules were not written for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"

namespace tile {

enum class EditKind {
  RelationalOperator,  // < <= > >= == ~= , each into another
  ArithmeticOperator,  // + - * / // % , each into another
  LogicalOperator,     // and <-> or
  ConstantOffByOne,    // an integer literal one more or one less
  IndexOffByOne,       // t[e] -> t[e + 1], t[e - 1]
  LoopShifted,         // for i = a, b -> for i = a - 1, b - 1 (0- vs 1-based), or + 1
  StatementDeleted,    // one line's statement removed
  StatementsSwapped,   // a line's statement and the next line's in each other's place
  VariableReplaced,    // a local variable read as another local declared before it
  InsertRemoveOtherEnd,  // table.insert(t, x) <-> table.insert(t, 1, x); remove likewise
  BreakReturnMoved,    // a line that breaks or returns moved one line up or down
  CopyMadeAlias,       // copy(x), {table.unpack(x)} -> x
  ConditionNegated,    // if/elseif/while c -> not (c)
  // The repair search's own (grader/run/repair_search.h), the undoing of what students add:
  OffsetDropped,       // e + 1, e - 1 -> e
  NegationRemoved,     // not e -> e
  // ... and what real student fixes do (issue 49), each reported at the student's own line:
  StatementMovedOut,   // a one-line statement in a block moved to just before it or just after it
  StatementMovedPast,  // a one-line statement moved above or below the next few in its body
  OffsetAdded,         // a value assigned, returned or compared -> e + 1, e - 1
  InitialValueChanged, // local x = e: true <-> false, nil or a computed value -> 0
  LineCopied,          // a one-line statement copied to the start of a branch or loop nearby
};
inline constexpr EditKind kAllEditKinds[] = {
    EditKind::RelationalOperator, EditKind::ArithmeticOperator, EditKind::LogicalOperator,
    EditKind::ConstantOffByOne,   EditKind::IndexOffByOne,      EditKind::LoopShifted,
    EditKind::StatementDeleted,   EditKind::StatementsSwapped,  EditKind::VariableReplaced,
    EditKind::InsertRemoveOtherEnd, EditKind::BreakReturnMoved, EditKind::CopyMadeAlias,
    EditKind::ConditionNegated};
// kAllEditKinds are the mutation corpus's operators, drawn by `tilegrade mutate`; these are the
// repair search's alone, so that the corpus (and its seeded figures) stays as it was.
inline constexpr EditKind kRepairOnlyEditKinds[] = {
    EditKind::OffsetDropped,     EditKind::NegationRemoved, EditKind::StatementMovedOut,
    EditKind::StatementMovedPast, EditKind::OffsetAdded,    EditKind::InitialValueChanged,
    EditKind::LineCopied};

// "relational-operator", ...: the names of the CLI, the corpus and its figures.
std::string_view edit_kind_name(EditKind kind);
std::optional<EditKind> edit_kind_from_name(std::string_view name);

// One edit: the bytes [begin, end) of the script replaced by `replacement`. `line` is the line a
// student would be pointed at (1-based): the line of `begin`, but for a statement moved or copied
// the statement's own line, wherever it goes.
struct ScriptEdit {
  EditKind kind = EditKind::RelationalOperator;
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string replacement;
  int line = 0;

  bool operator==(const ScriptEdit&) const = default;
};

std::string apply_edit(std::string_view script, const ScriptEdit& edit);

// How many locals declared before a read VariableReplaced offers in its place: a slip of the pen
// picks one of the last two (the corpus's mutants); a repair undoes a read of any local nearby.
inline constexpr int kMutationVariableChoices = 2;
inline constexpr int kRepairVariableChoices = 6;

// Every edit of the given kinds that Lua's parser accepts, in the order of the script; the
// script's own lexer or parser error when the script itself is not Lua.
Result<std::vector<ScriptEdit>> candidate_edits(std::string_view script,
                                                std::span<const EditKind> kinds = kAllEditKinds,
                                                int variable_choices = kMutationVariableChoices);

// Up to `count` of the candidates, drawn with `seed`: kinds in turn (so that a kind with many
// places, such as the relational operators' five alternatives each, does not crowd out the rest),
// each a candidate of its kind drawn at random, none twice. The same candidates and seed give
// the same edits on every machine (the draws are std::mt19937_64's, which the standard fixes).
std::vector<ScriptEdit> sample_edits(std::vector<ScriptEdit> candidates, std::size_t count,
                                     std::uint64_t seed);

}  // namespace tile
