#include "grader/report/class_attempts.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "grader/spec/diagnosis_codes.h"

namespace tile {

using nlohmann::json;

namespace {

using Mistake = std::pair<std::string, std::string>;  // task, code

// The single mistakes an attempt names, by task: a pair "a+b" names both.
std::set<Mistake> mistakes_of(const ClassStudent& attempt) {
  std::set<Mistake> out;
  for (const ClassTest& test : attempt.tests) {
    std::size_t at = 0;
    while (at <= test.diagnosis.size()) {
      const std::size_t plus = std::min(test.diagnosis.find('+', at), test.diagnosis.size());
      const std::string code = test.diagnosis.substr(at, plus - at);
      if (is_misconception(code)) out.insert({test.task, code});
      at = plus + 1;
    }
  }
  return out;
}

// The tasks an attempt ran: a mistake of a task the attempt did not run (its function missing,
// say) is not fixed by it, only not seen.
std::set<std::string> tasks_run(const ClassStudent& attempt) {
  std::set<std::string> out;
  for (const ClassTest& test : attempt.tests) {
    if (test.diagnosis != codes::kDidNotRun) out.insert(test.task);
  }
  return out;
}

double median(std::vector<std::size_t> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? double(values[middle])
                                : (double(values[middle - 1]) + double(values[middle])) / 2;
}

}  // namespace

std::vector<MistakeSpan> mistake_spans(const std::vector<ClassStudent>& attempts) {
  std::map<Mistake, MistakeSpan> spans;
  for (std::size_t i = 0; i < attempts.size(); ++i) {
    if (attempts[i].status != "graded") continue;
    const std::size_t number = i + 1;
    const std::set<Mistake> named = mistakes_of(attempts[i]);
    const std::set<std::string> ran = tasks_run(attempts[i]);
    for (const Mistake& mistake : named) {
      auto [span, added] = spans.try_emplace(mistake, MistakeSpan{mistake.first, mistake.second,
                                                                  number, number, 0});
      span->second.last = number;
      span->second.fixed_at = 0;
      (void)added;
    }
    for (auto& [mistake, span] : spans) {
      if (named.count(mistake) == 0 && span.fixed_at == 0 && ran.count(span.task) > 0) {
        span.fixed_at = number;
      }
    }
  }
  std::vector<MistakeSpan> out;
  for (auto& [unused, span] : spans) out.push_back(std::move(span));
  std::stable_sort(out.begin(), out.end(), [](const MistakeSpan& a, const MistakeSpan& b) {
    return a.first < b.first;
  });
  return out;
}

std::vector<std::string> timeline_lines(const std::vector<MistakeSpan>& spans,
                                        std::size_t attempts) {
  std::vector<std::string> out;
  for (const MistakeSpan& span : spans) {
    const std::string when =
        span.first == 1 ? "first attempt" : fmt::format("from attempt {}", span.first);
    const std::string end =
        span.fixed_at > 0 ? fmt::format("fixed at attempt {}", span.fixed_at)
                          : fmt::format("not fixed by attempt {}, the last", attempts);
    out.push_back(fmt::format("{}: {}: {}; {}.", span.task, when, span.code, end));
  }
  return out;
}

json attempts_json(const std::vector<std::vector<ClassStudent>>& students) {
  struct Tally {
    std::size_t had = 0;
    std::vector<std::size_t> to_fix;
  };
  std::map<Mistake, Tally> tallies;
  std::size_t attempts = 0;
  for (const std::vector<ClassStudent>& student : students) {
    attempts += student.size();
    for (const MistakeSpan& span : mistake_spans(student)) {
      Tally& tally = tallies[{span.task, span.code}];
      ++tally.had;
      if (span.fixed_at > 0) tally.to_fix.push_back(span.fixed_at - span.first);
    }
  }
  std::vector<std::pair<Mistake, Tally>> ranked(tallies.begin(), tallies.end());
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.second.had > b.second.had; });
  json misconceptions = json::array();
  for (const auto& [mistake, tally] : ranked) {
    misconceptions.push_back(
        {{"task", mistake.first},
         {"code", mistake.second},
         {"had", tally.had},
         {"fixed", tally.to_fix.size()},
         {"median_attempts_to_fix", tally.to_fix.empty() ? json(nullptr)
                                                         : json(median(tally.to_fix))}});
  }
  return {{"students", students.size()},
          {"attempts", attempts},
          {"misconceptions", misconceptions}};
}

}  // namespace tile
