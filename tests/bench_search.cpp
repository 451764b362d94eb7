// Pattern search speed on an existing database (for example the one made by bench_import
// --keep): a selective pattern (W:W27,28:B22,23 with 33 empty), a late frequent one (a king
// each), and a few others, each timed --repeat times in-process (best and median wall time,
// best CPU time of the process) as a count and as the full answer (first 50 rows and the
// next-move summary); prints the share of games rejected by their signature without replay,
// the games replayed, and the signatures' size per indexed position. --build first builds the
// signatures of games lacking one, --rebuild of every game (timed).
// Usage: bench_search --db DIR [--repeat N] [--only NAME] [--build | --rebuild]
// (--only: one query: selective, kings, late, outpost or endgame)
// Prints figures only; it asserts nothing about times.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "indexer/search/batch_signatures.hpp"
#include "indexer/search/pattern_parse.hpp"
#include "indexer/search/search.hpp"
#include "indexer/search/signature.hpp"

using namespace damdb;
using Clock = std::chrono::steady_clock;

namespace {

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

void run(const db::Database& db, const char* name, const std::string& text, int repeat,
         const std::string& only) {
  if (!only.empty() && only != name) return;
  const indexer::SearchSpec spec = indexer::parse_search(text);
  const indexer::GameFilter filter(spec.filter);
  for (const bool count_only : {true, false}) {
    indexer::SearchOptions options;
    options.count_only = count_only;
    std::vector<double> times, cpu;
    indexer::SearchAnswer a;
    for (int i = 0; i < repeat; ++i) {
      const auto t = Clock::now();
      const double c = cpu_seconds();
      a = indexer::search_games(db, spec.query, filter, options);
      times.push_back(seconds_since(t));
      cpu.push_back(cpu_seconds() - c);
    }
    std::sort(times.begin(), times.end());
    std::sort(cpu.begin(), cpu.end());
    const double scanned = static_cast<double>(std::max<std::uint64_t>(a.games_scanned, 1));
    std::printf("%-10s %-6s wall best %7.3f s median %7.3f s, CPU best %7.3f s  hits %8llu  "
                "rejected without replay %5.1f%%  replayed %8llu  (%s)\n",
                name, count_only ? "count" : "full", times.front(), times[times.size() / 2],
                cpu.front(),
                static_cast<unsigned long long>(a.games),
                100.0 * static_cast<double>(a.rejected_by_signature) / scanned,
                static_cast<unsigned long long>(a.replayed), text.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir;
  int repeat = 3;
  bool build = false, rebuild = false;
  std::string only;  // run only the query of this name
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--db" && i + 1 < argc) dir = argv[++i];
    else if (a == "--repeat" && i + 1 < argc) repeat = std::max(1, std::stoi(argv[++i]));
    else if (a == "--only" && i + 1 < argc) only = argv[++i];
    else if (a == "--build") build = true;
    else if (a == "--rebuild") build = rebuild = true;
  }
  if (dir.empty()) {
    std::fprintf(stderr, "usage: bench_search --db DIR [--repeat N] [--only NAME] [--build | --rebuild]\n");
    return 2;
  }
  if (build) {
    db::Database db = db::Database::open(dir);
    const auto t = Clock::now();
    if (rebuild) db.drop_signatures();
    const std::uint64_t n = indexer::build_signatures(db);
    db.compact();
    std::printf("built %llu signatures in %.1f s (compaction included)\n",
                static_cast<unsigned long long>(n), seconds_since(t));
  }
  db::OpenOptions open;
  open.mode = db::OpenMode::ReadOnly;
  const db::Database db = db::Database::open(dir, open);
  const db::Info info = db.info();
  std::uint64_t signature_bytes = 0, moves_bytes = 0;
  for (const auto& [name, bytes] : info.column_family_bytes) {
    if (name == "signatures") signature_bytes = bytes;
    if (name == "signature_moves") moves_bytes = bytes;
  }
  const double positions =
      static_cast<double>(std::max<std::uint64_t>(info.counts.indexed_positions, 1));
  std::printf("games %llu, indexed positions %llu, signatures %llu bytes = %.2f bytes per indexed "
              "position, %.1f bytes per game; signature_moves %llu bytes = %.2f bytes per indexed "
              "position; together %.2f; signatures cover games 1..%u\n",
              static_cast<unsigned long long>(info.counts.games),
              static_cast<unsigned long long>(info.counts.indexed_positions),
              static_cast<unsigned long long>(signature_bytes),
              static_cast<double>(signature_bytes) / positions,
              static_cast<double>(signature_bytes) /
                  static_cast<double>(std::max<std::uint64_t>(info.counts.games, 1)),
              static_cast<unsigned long long>(moves_bytes),
              static_cast<double>(moves_bytes) / positions,
              static_cast<double>(signature_bytes + moves_bytes) / positions,
              db.signatures_end().value - 1);
  run(db, "selective", "must W:W27,28:B22,23; empty 33", repeat, only);
  run(db, "kings", "white-kings 1-; black-kings 1-", repeat, only);
  run(db, "late", "must ?:W27,28:B22,23; plies 60-; hold 2; mirror", repeat, only);
  run(db, "outpost", "must B:W24:B19,20; not ?:B29", repeat, only);
  run(db, "endgame", "pieces -8; white-kings 1-; black-men 3-", repeat, only);
  return 0;
}
