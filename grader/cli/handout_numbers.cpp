#include "grader/cli/handout_numbers.h"

#include <algorithm>
#include <cmath>
#include <regex>

#include "grader/report/report.h"

namespace tile::cli {

namespace {

// "40,000" or "12.5" as a number.
double number_of(std::string text) {
  std::erase(text, ',');
  return std::stod(text);
}

bool same(double a, double b) { return std::fabs(a - b) < 1e-6; }

std::string figure(double value) { return score_text(value); }

struct TaskFigures {
  std::string name;
  double points = 0;
  std::size_t tests = 0;
  std::size_t visible = 0;
  std::uint64_t max_expansions = 0;
  bool search = false;
};

std::vector<TaskFigures> figures_of(const Assignment& assignment) {
  std::vector<TaskFigures> out;
  for (const Task& task : assignment.tasks) {
    TaskFigures one{task.name, task.points, task.total_tests(), 0,
                    task.limits.search.max_expansions, task.kind == TaskKind::Search};
    for (const TestCase& test : task.tests) {
      if (test.visibility == Visibility::Visible) ++one.visible;
    }
    out.push_back(one);
  }
  return out;
}

// "bfs 6 (2 visible, 4 hidden); astar 10 (4 visible, 6 hidden)": the true counts, per task.
std::string tests_text(const std::vector<TaskFigures>& tasks) {
  std::string out;
  for (const TaskFigures& task : tasks) {
    out += (out.empty() ? "" : "; ") + (tasks.size() > 1 ? task.name + " " : std::string()) +
           std::to_string(task.tests) + " (" + std::to_string(task.visible) + " visible, " +
           std::to_string(task.tests - task.visible) + " hidden)";
  }
  return out;
}

template <class Value>
std::string listed(const std::vector<TaskFigures>& tasks, Value value) {
  std::string out;
  for (const TaskFigures& task : tasks) {
    out += (out.empty() ? "" : ", ") + (tasks.size() > 1 ? task.name + " " : std::string()) +
           value(task);
  }
  return out;
}

}  // namespace

std::vector<std::string> handout_number_warnings(const Assignment& assignment,
                                                 const std::string& text,
                                                 const std::string& handout) {
  std::vector<std::string> warnings;
  const std::vector<TaskFigures> tasks = figures_of(assignment);
  // Phrases may break across lines: read with line breaks as spaces, offsets kept for the line.
  std::string flat = text;
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  const auto line_at = [&](std::ptrdiff_t offset) {
    return 1 + std::count(text.begin(), text.begin() + offset, '\n');
  };
  const auto each = [&](const char* pattern, auto&& check) {
    const std::regex re(pattern, std::regex::ECMAScript | std::regex::icase);
    for (auto it = std::sregex_iterator(flat.begin(), flat.end(), re); it != std::sregex_iterator();
         ++it) {
      if (auto wrong = check(*it)) {
        warnings.push_back(handout + ":" + std::to_string(line_at(it->position(0))) + ": says \"" +
                           it->str(0) + "\", but " + *wrong);
      }
    }
  };
  using Match = std::smatch;
  using Verdict = std::optional<std::string>;

  // The title's total: the first heading only.
  if (const auto heading = text.find("# "); heading == 0) {
    const std::string first = text.substr(0, text.find('\n'));
    static const std::regex total(R"(\(([0-9][0-9,.]*) points\))");
    Match m;
    if (std::regex_search(first, m, total) && !same(number_of(m.str(1)), assignment.max_score())) {
      warnings.push_back(handout + ":1: says \"" + m.str(0) + "\", but the assignment is worth " +
                         figure(assignment.max_score()) + " points");
    }
  }
  each(R"(each task is worth ([0-9][0-9,.]*) points)", [&](const Match& m) -> Verdict {
    const double said = number_of(m.str(1));
    const bool all = std::all_of(tasks.begin(), tasks.end(),
                                 [&](const TaskFigures& t) { return same(t.points, said); });
    if (all) return std::nullopt;
    return "the tasks are worth " + listed(tasks, [](const TaskFigures& t) {
             return figure(t.points);
           });
  });
  each(R"(\b([0-9]+) tests \(([0-9]+) visible, ([0-9]+) hidden\))", [&](const Match& m) -> Verdict {
    const std::size_t n = std::stoul(m.str(1)), v = std::stoul(m.str(2)), h = std::stoul(m.str(3));
    std::size_t all = 0, all_visible = 0;
    for (const TaskFigures& t : tasks) {
      if (t.tests == n && t.visible == v && n - v == h) return std::nullopt;
      all += t.tests;
      all_visible += t.visible;
    }
    if (all == n && all_visible == v && all - all_visible == h) return std::nullopt;
    return "assignment.json has " + tests_text(tasks);
  });
  each(R"(([0-9][0-9,.]*) points each)", [&](const Match& m) -> Verdict {
    const double said = number_of(m.str(1));
    for (const TaskFigures& t : tasks) {
      if (t.tests > 0 && same(t.points / static_cast<double>(t.tests), said)) return std::nullopt;
    }
    return "a test is worth " + listed(tasks, [](const TaskFigures& t) {
             return t.tests == 0 ? std::string("nothing (no tests)")
                                 : figure(t.points / static_cast<double>(t.tests)) + " points";
           });
  });
  // A table row: | `task` | points | visible + hidden |
  each(R"(\| *`?([A-Za-z0-9_-]+)`? *\| *([0-9][0-9.]*)( *\+ *[0-9.]+)? *\| *([0-9]+) *\+ *([0-9]+) *\|)",
       [&](const Match& m) -> Verdict {
         const auto task = std::find_if(tasks.begin(), tasks.end(),
                                        [&](const TaskFigures& t) { return t.name == m.str(1); });
         if (task == tasks.end()) return std::nullopt;  // a row about something else
         const double points = number_of(m.str(2));
         const std::size_t v = std::stoul(m.str(4)), h = std::stoul(m.str(5));
         if (same(task->points, points) && task->visible == v && task->tests == v + h) {
           return std::nullopt;
         }
         return "task " + task->name + " is worth " + figure(task->points) + " points with " +
                std::to_string(task->visible) + " + " +
                std::to_string(task->tests - task->visible) + " tests";
       });
  each(R"(\b([0-9][0-9.]*) s per call)", [&](const Match& m) -> Verdict {
    if (same(number_of(m.str(1)), assignment.limits.call_seconds)) return std::nullopt;
    return "call_seconds is " + figure(assignment.limits.call_seconds);
  });
  each(R"(\b([0-9][0-9,]*) MiB of Lua memory)", [&](const Match& m) -> Verdict {
    const double mib = static_cast<double>(assignment.limits.lua_memory_bytes >> 20);
    if (same(number_of(m.str(1)), mib)) return std::nullopt;
    return "lua_memory_mb is " + figure(mib);
  });
  // A budget, in the sentence that states the limits ("Limits: ..."): elsewhere a handout may
  // quote how many expansions the reference needs.
  const auto in_limits = [&](const Match& m) {
    const auto start = flat.rfind("Limits:", static_cast<std::size_t>(m.position(0)));
    return start != std::string::npos &&
           flat.substr(start, static_cast<std::size_t>(m.position(0)) - start).find(". ") ==
               std::string::npos;
  };
  each(R"(\b([0-9][0-9,]*) (`problem:successors` calls|expansions)\b)",
       [&](const Match& m) -> Verdict {
         if (!in_limits(m)) return std::nullopt;
         const double said = number_of(m.str(1));
         for (const TaskFigures& t : tasks) {
           if (t.search && same(static_cast<double>(t.max_expansions), said)) return std::nullopt;
         }
         std::vector<TaskFigures> searches;
         for (const TaskFigures& t : tasks) {
           if (t.search) searches.push_back(t);
         }
         return "max_expansions is " + listed(searches, [](const TaskFigures& t) {
                  return figure(static_cast<double>(t.max_expansions));
                });
       });
  return warnings;
}

}  // namespace tile::cli
