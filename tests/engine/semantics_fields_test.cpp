// The table of semantics fields (engine/semantics_fields.h): every member of Semantics and of
// ResolvedSemantics has its row, and resolve(), describe() and the refusals of bibfs and of the
// fast solver follow it.
#include <doctest/doctest.h>

#include <cstddef>
#include <set>
#include <string>

#include "engine/bidirectional.h"
#include "engine/semantics_fields.h"

using namespace tile;

namespace {

// Converts to any member type: counts the members of an aggregate by how many it can initialise.
struct AnyMember {
  // Defined, though only ever named in unevaluated requires-expressions: clang warns of an
  // internal function declared and never defined.
  template <class T>
  operator T() const {  // NOLINT: implicit on purpose
    return T{};
  }
};

template <class T, class... Members>
constexpr std::size_t member_count() {
  if constexpr (requires { T{Members{}..., AnyMember{}}; }) {
    return member_count<T, Members..., AnyMember>();
  } else {
    return sizeof...(Members);
  }
}

}  // namespace

TEST_CASE("every member of Semantics has one row, and each name is used once") {
  std::set<std::string_view> names;
  std::size_t rows = 0;
  for_each_semantics_field([&](const auto& field) {
    ++rows;
    CHECK_MESSAGE(names.insert(field.name).second, field.name);
    CHECK(&semantics_field(field.member) == &field);
    CHECK_FALSE(field.meaning.empty());
  });
  CHECK(rows == member_count<Semantics>());
  CHECK(rows == member_count<ResolvedSemantics>());
}

TEST_CASE("row i names the i-th member of both Semantics and ResolvedSemantics") {
  // Both types come from one declaration (BasicSemantics), so their i-th members are one field:
  // rows in declaration order, as many as members, pair each row's two pointers to one field.
  const Semantics written;
  const ResolvedSemantics resolved;
  const auto* written_base = reinterpret_cast<const char*>(&written);
  const auto* resolved_base = reinterpret_cast<const char*>(&resolved);
  std::ptrdiff_t last_written = -1;
  std::ptrdiff_t last_resolved = -1;
  for_each_semantics_field([&](const auto& field) {
    CAPTURE(field.name);
    const auto at_written = reinterpret_cast<const char*>(&(written.*field.member)) - written_base;
    const auto at_resolved =
        reinterpret_cast<const char*>(&(resolved.*field.resolved)) - resolved_base;
    CHECK(at_written > last_written);
    CHECK(at_resolved > last_resolved);
    last_written = at_written;
    last_resolved = at_resolved;
  });
}

TEST_CASE("resolve fills each unset member with its row's default for the algorithm") {
  for (Algorithm algorithm : kAllAlgorithms) {
    CAPTURE(algorithm_name(algorithm));
    const ResolvedSemantics resolved = resolve(Semantics{}, algorithm);
    const Semantics written = as_written(resolved);
    for_each_semantics_field([&](const auto& field) {
      if constexpr (std::decay_t<decltype(field)>::kOptional) {
        const auto& member = written.*field.member;
        CHECK(member.has_value() == (field.unset_default != nullptr));
        if (field.unset_default) CHECK(*member == field.unset_default(algorithm));
      }
    });
    CHECK(resolve(written, algorithm) == resolved);
  }
  CHECK(resolve(Semantics{}, Algorithm::Idastar).duplicates == Duplicates::None);
  CHECK(resolve(Semantics{}, Algorithm::Dfs).push_order == PushOrder::Reverse);
  CHECK_FALSE(resolve(Semantics{}, Algorithm::Dls).depth_limit.has_value());  // none: no limit
}

TEST_CASE("describe writes one line per row, in the table's order") {
  Semantics semantics;
  semantics.tie_break = std::vector<TieKey>{TieKey::Action, TieKey::Fifo};
  const std::string text = describe(semantics);
  std::size_t at = 0;
  for_each_semantics_field([&](const auto& field) {
    const std::size_t line = text.find(std::string(field.name) + ": ", at);
    CHECK_MESSAGE(line != std::string::npos, field.name);
    at = line;
  });
  CHECK(text.find("tie_break: [action, fifo]\n") != std::string::npos);
  CHECK(text.find("duplicates: default\n") != std::string::npos);
  CHECK(text.find("depth_limit: none\n") != std::string::npos);
}

TEST_CASE("bibfs refuses each field its row refuses, naming it, and accepts its own defaults") {
  CHECK(check_bibfs(resolve(Semantics{}, Algorithm::Bibfs)).ok());
  // Each refused field set alone to idastar's default: refused, by name, where it is not bibfs's.
  const Semantics idastar = as_written(resolve(Semantics{}, Algorithm::Idastar));
  const Semantics bibfs = as_written(resolve(Semantics{}, Algorithm::Bibfs));
  std::size_t refused = 0;
  for_each_semantics_field([&](const auto& field) {
    if (field.bibfs_refusal.empty()) return;
    ++refused;
    CAPTURE(field.name);
    Semantics one;
    one.*field.member = idastar.*field.member;
    const Status refusal = check_bibfs(resolve(one, Algorithm::Bibfs));
    if (idastar.*field.member == bibfs.*field.member) {
      CHECK(refusal.ok());
    } else {
      REQUIRE_FALSE(refusal.ok());
      CHECK(refusal.error().find(field.name) != std::string::npos);
    }
  });
  CHECK(refused == 7);
  Semantics closed;
  closed.duplicates = Duplicates::ClosedOnPop;
  CHECK(check_bibfs(resolve(closed, Algorithm::Bibfs)).error() ==
        "bibfs marks states on push on both sides: duplicates must be on-push, not closed-on-pop");
}

TEST_CASE("values are listed, named and parsed from their one table") {
  CHECK(all_values<Duplicates>().size() == EnumValues<Duplicates>::all.size());
  CHECK(all_values<Duplicates>().front() == Duplicates::OnPush);
  for (Duplicates value : all_values<Duplicates>()) {
    CHECK(parse_duplicates(duplicates_name(value)).value() == value);
  }
  CHECK(value_words(GoalTest::OnPop) == "on-pop");  // no words of its own: its name
  CHECK(value_words(CycleCheck::Path) ==
        "drops a child whose state is already on the path from the start to it");
  const auto bad = parse_value<QueueKind>("heap");
  REQUIRE_FALSE(bad);
  CHECK(bad.error() ==
        "unknown queue 'heap' (expected one of: stable, python-heapq, binary-heap)");
}
