// Reading course records (issue 23 §3): a Gradescope export's submission_metadata.yml and a roster
// CSV of 200,000 students each, generated in the shape of the real files (the metadata's entries
// carry the fields Gradescope writes besides :submitters, which the reader skips). Goal: linear
// time and memory that does not grow with what is skipped; a 200,000-row roster under 2 s. Peak
// memory is the process's, so run one case per process for it: `/usr/bin/time -v build/bench
// course_metadata_200k`.
#include <sys/resource.h>

#include <cstdio>
#include <string>

#include "bench/bench.h"
#include "grader/batch/people.h"

namespace tile::bench {
namespace {

constexpr int kStudents = 200000;

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

double peak_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

// One entry as Gradescope writes it; every tenth is a group of two.
std::string metadata_text() {
  std::string text;
  char entry[1024];
  for (int i = 0; i < kStudents; ++i) {
    std::snprintf(entry, sizeof entry,
                  "submission_%d:\n"
                  "  :submitters:\n"
                  "  - :name: Student %d\n"
                  "    :sid: '%07d'\n"
                  "    :email: s%d@example.edu\n",
                  1000000 + i, i, i, i);
    text += entry;
    if (i % 10 == 0) {
      std::snprintf(entry, sizeof entry,
                    "  - :name: Partner %d\n    :sid: '%07d'\n    :email: p%d@example.edu\n", i,
                    9000000 + i, i);
      text += entry;
    }
    std::snprintf(entry, sizeof entry,
                  "  :created_at: 2024-03-01 10:%02d:%02d.000000000 -08:00\n"
                  "  :score: %d.0\n"
                  "  :status: processed\n"
                  "  :results:\n"
                  "    :score: %d.0\n"
                  "    :tests:\n"
                  "    - :name: astar\n      :score: 50.0\n      :max_score: 50.0\n",
                  (i / 60) % 60, i % 60, i % 76, i % 76);
    text += entry;
  }
  return text;
}

std::string roster_text() {
  std::string text = "student,sid,email,name\n";
  char row[256];
  for (int i = 0; i < kStudents; ++i) {
    std::snprintf(row, sizeof row, "s%06d,%d,s%d@example.edu,\"Student %d, Jr\"\n", i, i, i, i);
    text += row;
  }
  return text;
}

template <typename Read>
void measure(const std::string& text, const char* what, Read read) {
  figure(std::string(what) + ": file size", static_cast<double>(text.size()) / (1 << 20), "MiB");
  const double rss_before = peak_rss_mib();
  const double cpu_before = cpu_seconds();
  std::size_t students = 0;
  const double wall = best_seconds(1, [&] {
    auto people = read();
    if (!people) {
      std::printf("  refused: %s\n", people.error().c_str());
      return;
    }
    students = people->size();
  });
  figure(std::string(what) + ": students read", static_cast<double>(students), "");
  figure(std::string(what) + ": wall", wall, "s");
  figure(std::string(what) + ": CPU", cpu_seconds() - cpu_before, "s");
  figure(std::string(what) + ": peak RSS growth while reading", peak_rss_mib() - rss_before,
         "MiB");
}

}  // namespace

TILE_BENCH("course_metadata_200k",
           "read a 200,000-entry Gradescope submission_metadata.yml (10% groups of two, the "
           "fields Gradescope writes besides :submitters)") {
  const std::string text = metadata_text();
  measure(text, "metadata", [&] { return parse_gradescope_metadata(text, "metadata.yml"); });
}

TILE_BENCH("course_roster_200k", "read a 200,000-row roster CSV (quoted names)") {
  const std::string text = roster_text();
  measure(text, "roster", [&] { return parse_roster_csv(text, "roster.csv"); });
}

}  // namespace tile::bench
