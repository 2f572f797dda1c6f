#include "grader/report/class_similarity.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>

namespace tile {

using nlohmann::json;

namespace {

constexpr const char* kNote =
    "Students whose failed runs behave alike in a way that is rare in this class. This is a "
    "signal for a person to look at, never a verdict or a penalty: students may have worked "
    "together as allowed, or reached the same unusual mistake on their own. A failed test "
    "explained by one named mistake is never counted, since every student who makes that "
    "mistake runs the same search.";

// Students by their position among the graded ones (student order).
using Members = std::set<std::size_t>;

struct Evidence {
  int kind_order = 0;  // trace, counts, pair: the order a group lists them in
  Members members;
  json fields;  // "kind" and what it is about, without "students" and "sentence"
  std::string sentence;
};

std::string test_name(const ClassTest& test) { return test.task + ": " + test.test; }

// A failed test whose behaviour may be evidence: not one the judge explains by a single mistake.
bool may_be_evidence(const ClassTest& test) {
  if (test.passed) return false;
  return !is_misconception(test.diagnosis) || test.diagnosis.find('+') != std::string::npos;
}

bool rare(std::size_t sharing, std::size_t limit) { return sharing >= 2 && sharing <= limit; }

std::string students_text(std::size_t count, std::size_t graded) {
  return fmt::format("{} of {} students", count, graded);
}

void trace_evidence(const std::vector<const ClassStudent*>& graded, std::size_t limit,
                    std::vector<Evidence>& out) {
  // (task, test, trace) -> who ran it so; the test's name kept for the sentence.
  std::map<std::tuple<std::string, std::string, std::string>, Members> sharing;
  for (std::size_t i = 0; i < graded.size(); ++i) {
    for (const ClassTest& test : graded[i]->tests) {
      if (may_be_evidence(test) && !test.trace.empty()) {
        sharing[{test.task, test.test, test.trace}].insert(i);
      }
    }
  }
  for (const auto& [key, members] : sharing) {
    if (!rare(members.size(), limit)) continue;
    const auto& [task, test, trace] = key;
    const std::string expanded = trace.substr(trace.find(':') + 1);
    const std::string name = task + ": " + test;
    out.push_back({0, members,
                   {{"kind", "trace"}, {"task", task}, {"test", test},
                    {"expanded", std::stoull(expanded)}, {"digest", trace.substr(0, 16)}},
                   fmt::format("{} expand the same {} boards in the same order on test '{}' "
                               "and fail it, which no other student does.",
                               students_text(members.size(), graded.size()), expanded, name)});
  }
}

void count_evidence(const std::vector<const ClassStudent*>& graded, std::size_t limit,
                    std::vector<Evidence>& out) {
  using Item = std::pair<std::string, std::int64_t>;  // test's name, wrong count
  std::map<Item, Members> sharing;
  for (std::size_t i = 0; i < graded.size(); ++i) {
    for (const ClassTest& test : graded[i]->tests) {
      if (may_be_evidence(test) && test.count) sharing[{test_name(test), *test.count}].insert(i);
    }
  }
  // The rare items each pair of students shares, then the students sharing the same items.
  std::map<std::pair<std::size_t, std::size_t>, std::vector<Item>> shared;
  for (const auto& [item, members] : sharing) {
    if (!rare(members.size(), limit)) continue;
    for (auto a = members.begin(); a != members.end(); ++a) {
      for (auto b = std::next(a); b != members.end(); ++b) shared[{*a, *b}].push_back(item);
    }
  }
  std::map<std::vector<Item>, Members> by_items;
  for (const auto& [pair, items] : shared) {
    if (items.size() < kSharedCounts) continue;
    by_items[items].insert({pair.first, pair.second});
  }
  for (const auto& [items, members] : by_items) {
    json tests = json::array();
    std::string listed;
    for (const auto& [test, count] : items) {
      tests.push_back({{"test", test}, {"count", count}});
      listed += fmt::format("{}'{}': {}", listed.empty() ? "" : ", ", test, count);
    }
    out.push_back({1, members, {{"kind", "counts"}, {"tests", tests}},
                   fmt::format("{} return the same wrong count on {} tests ({}), which no other "
                               "student does.",
                               students_text(members.size(), graded.size()), items.size(),
                               listed)});
  }
}

void pair_evidence(const std::vector<const ClassStudent*>& graded, std::size_t limit,
                   std::vector<Evidence>& out) {
  std::map<std::pair<std::string, std::string>, Members> sharing;  // (task, pair) -> who
  for (std::size_t i = 0; i < graded.size(); ++i) {
    for (const ClassTest& test : graded[i]->tests) {
      if (!test.passed && test.diagnosis.find('+') != std::string::npos) {
        sharing[{test.task, test.diagnosis}].insert(i);
      }
    }
  }
  for (const auto& [key, members] : sharing) {
    if (!rare(members.size(), limit)) continue;
    const auto& [task, code] = key;
    const std::size_t plus = code.find('+');
    out.push_back({2, members, {{"kind", "pair"}, {"task", task}, {"code", code}},
                   fmt::format("{} are named the same two mistakes together in task '{}', {} "
                               "and {}, which no other student is.",
                               students_text(members.size(), graded.size()), task,
                               code.substr(0, plus), code.substr(plus + 1))});
  }
}

// The groups: the students who share the same evidence, one group for each set of students that
// some items link, holding those items. Never students linked only through others: one student
// who copied from two others is in two groups, one with each, since those two share nothing.
std::map<Members, std::vector<std::size_t>> groups_of(const std::vector<Evidence>& evidence) {
  std::map<Members, std::vector<std::size_t>> out;
  for (std::size_t i = 0; i < evidence.size(); ++i) out[evidence[i].members].push_back(i);
  return out;
}

}  // namespace

std::size_t rare_limit(std::size_t graded) { return std::max<std::size_t>(2, graded / 20); }

json similarity_json(const std::vector<ClassStudent>& students) {
  std::vector<const ClassStudent*> graded;
  for (const ClassStudent& student : students) {
    if (student.status == "graded") graded.push_back(&student);
  }
  const std::size_t limit = rare_limit(graded.size());
  std::vector<Evidence> evidence;
  trace_evidence(graded, limit, evidence);
  count_evidence(graded, limit, evidence);
  pair_evidence(graded, limit, evidence);
  std::stable_sort(evidence.begin(), evidence.end(), [](const Evidence& a, const Evidence& b) {
    return a.kind_order < b.kind_order;
  });

  std::vector<json> groups;
  for (const auto& [members, indices] : groups_of(evidence)) {
    json names = json::array();
    json reports = json::array();
    for (std::size_t member : members) {
      names.push_back(graded[member]->student);
      reports.push_back(graded[member]->report);
    }
    json items = json::array();
    for (std::size_t index : indices) {
      const Evidence& item = evidence[index];
      json listed = item.fields;
      listed["students"] = json::array();
      for (std::size_t member : item.members) listed["students"].push_back(graded[member]->student);
      listed["sentence"] = item.sentence;
      items.push_back(std::move(listed));
    }
    groups.push_back({{"students", names}, {"reports", reports}, {"evidence", items}});
  }
  std::stable_sort(groups.begin(), groups.end(), [](const json& a, const json& b) {
    if (a["evidence"].size() != b["evidence"].size()) {
      return a["evidence"].size() > b["evidence"].size();
    }
    return a["students"][0].get<std::string>() < b["students"][0].get<std::string>();
  });
  return {{"note", kNote}, {"rare_limit", limit}, {"groups", groups}};
}

}  // namespace tile
