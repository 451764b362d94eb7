// bench_db: bulk-load throughput and on-disk size of the db/ storage layer.
//
// Synthesises N games with a realistic skew: each game follows a shared opening tree for a
// random number of plies (4..24; at each ply one of 6 moves chosen with Zipf weights, so a few
// lines are very popular), then leaves the tree and reaches positions of its own until its end
// (60..100 plies). Each game has a ~700-byte PDN text, tags and one move code a ply, like a
// real record. Games are handed to ImportBatch in chunks and committed with the chosen method;
// then the database is compacted. Prints games/s and positions/s (add + commit, and including
// compaction), bytes on disk per indexed position per column family, and peak memory.
//
//   bench_db [--games N] [--batch N] [--method sorted|unsorted|ingest] [--db DIR] [--keep]
//
// An indexed position = one (game, ply) pair handed to the batch.

#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/error.hpp"

using namespace damdb::db;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// CPU seconds (user + system) of every thread of the process so far.
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

long peak_rss_kb() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

struct Generator {
  std::mt19937_64 rng{20240601};
  std::discrete_distribution<int> zipf;
  std::uniform_int_distribution<int> branch{4, 24};
  std::uniform_int_distribution<int> length{60, 100};
  std::uniform_int_distribution<int> square{1, 50};
  std::uniform_int_distribution<int> result{0, 9};
  std::uint64_t serial = 0;

  Generator() {
    std::vector<double> w;
    for (int i = 1; i <= 6; ++i) w.push_back(1.0 / std::pow(i, 1.3));
    zipf = std::discrete_distribution<int>(w.begin(), w.end());
  }

  void make(GameRecord& g, std::vector<PlyPosition>& plies) {
    ++serial;
    const int branch_ply = branch(rng), plies_total = length(rng);
    g = GameRecord{};
    plies.clear();
    std::uint64_t path = 0x1234;  // hash of the move path so far = the position's identity
    std::string text = "[Event \"Synthetic tournament " + std::to_string(serial % 500) +
                       "\"]\n[Date \"20" + std::to_string(10 + serial % 14) + ".0" +
                       std::to_string(1 + serial % 9) + ".1" + std::to_string(serial % 10) +
                       "\"]\n[White \"Player " + std::to_string(mix(serial) % 3000) +
                       "\"]\n[Black \"Player " + std::to_string(mix(serial + 7) % 3000) +
                       "\"]\n[Result \"";
    const int r = result(rng);
    g.result = r < 4 ? GameResult::Draw : r < 7 ? GameResult::WhiteWin
             : r < 9 ? GameResult::BlackWin : GameResult::Unknown;
    text += g.result == GameResult::Draw ? "1-1" : g.result == GameResult::WhiteWin ? "2-0"
          : g.result == GameResult::BlackWin ? "0-2" : "*";
    text += "\"]\n";
    for (int ply = 0; ply <= plies_total; ++ply) {
      const std::uint64_t z = mix(path), c = mix(path ^ 0xabcdef);
      const bool last = ply == plies_total;
      std::uint8_t move = 0;
      if (!last) {
        move = static_cast<std::uint8_t>(ply < branch_ply ? zipf(rng) : rng() % 9);
        g.moves.push_back(move);
        path = mix(path * 31 + move + 1 + (ply >= branch_ply ? (serial << 20) : 0));
        if (ply % 2 == 0) text += std::to_string(ply / 2 + 1) + ". ";
        text += std::to_string(square(rng)) + (rng() % 5 ? "-" : "x") + std::to_string(square(rng)) + " ";
        if (ply % 12 == 11) text += "\n";
      }
      plies.push_back(PlyPosition{PositionKey{z, static_cast<std::uint32_t>(c)},
                                  static_cast<std::uint16_t>(ply), last ? kGameEnd : move});
    }
    text += "\n";
    g.tags = {{"Event", "Synthetic tournament " + std::to_string(serial % 500)},
              {"White", "Player " + std::to_string(mix(serial) % 3000)},
              {"Black", "Player " + std::to_string(mix(serial + 7) % 3000)},
              {"Result", "2-0"}};
    g.plies_replayed = static_cast<std::uint32_t>(g.moves.size());
    g.sources = {GameSource{.path = "synthetic.pdn",
                            .first_line = static_cast<std::uint32_t>(serial * 12),
                            .last_line = static_cast<std::uint32_t>(serial * 12 + 10),
                            .byte_offset = serial * 700}};
    g.pdn_text = std::move(text);
    g.content_hash = ContentHash::of(g.start_fen, g.moves);
  }
};

struct BenchArgs {
  std::uint64_t games = 1'000'000, batch_games = 20'000;
  std::string method_name = "sorted";
  fs::path folder = fs::temp_directory_path() / "damdb-bench-db";
  bool keep = false;
  CommitMethod method() const {
    return method_name == "unsorted" ? CommitMethod::UnsortedWriteBatch
           : method_name == "ingest" ? CommitMethod::SstIngestion
                                     : CommitMethod::SortedWriteBatch;
  }
};

// Reads the command line into `args`; false (after a usage line) on an unknown option.
bool parse_args(int argc, char** argv, BenchArgs& args) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
    if (a == "--games") args.games = std::stoull(next());
    else if (a == "--batch") args.batch_games = std::stoull(next());
    else if (a == "--method") args.method_name = next();
    else if (a == "--db") args.folder = next();
    else if (a == "--keep") args.keep = true;
    else {
      std::fprintf(stderr, "usage: bench_db [--games N] [--batch N] [--method sorted|unsorted|ingest] [--db DIR] [--keep]\n");
      return false;
    }
  }
  return true;
}

// Wall and CPU seconds of the phases of one run (synthesis excluded from the import figures).
struct Timings {
  double gen_s = 0, add_s = 0, commit_s = 0, import_s = 0, compact_s = 0;
  double import_cpu = 0, total_cpu = 0;
  std::uint64_t positions = 0;
};

// Synthesises and imports args.games games in batches, then compacts.
Timings run_import(Database& db, const BenchArgs& args) {
  Timings t;
  Generator gen;
  GameRecord record;
  std::vector<PlyPosition> plies;
  double gen_cpu = 0;
  const double cpu0 = cpu_seconds();
  const auto start = Clock::now();
  auto batch = db.begin_import();
  for (std::uint64_t n = 0; n < args.games; ++n) {
    auto t0 = Clock::now();
    const double c0 = cpu_seconds();
    gen.make(record, plies);
    gen_cpu += cpu_seconds() - c0;
    auto t1 = Clock::now();
    IndexTexts texts;
    texts.players = {std::string(record.tag("White")), std::string(record.tag("Black"))};
    texts.events = {std::string(record.tag("Event"))};
    batch.add_game(std::move(record), plies, texts);
    t.positions += plies.size();
    auto t2 = Clock::now();
    t.gen_s += std::chrono::duration<double>(t1 - t0).count();
    t.add_s += std::chrono::duration<double>(t2 - t1).count();
    if (batch.games() == args.batch_games || n + 1 == args.games) {
      auto t3 = Clock::now();
      db.commit(batch, args.method());
      t.commit_s += seconds_since(t3);
      batch = db.begin_import();
    }
  }
  t.import_s = seconds_since(start) - t.gen_s;
  t.import_cpu = cpu_seconds() - cpu0 - gen_cpu;
  auto t4 = Clock::now();
  db.compact();
  t.compact_s = seconds_since(t4);
  t.total_cpu = cpu_seconds() - cpu0 - gen_cpu;
  return t;
}

void print_report(const BenchArgs& args, const Timings& t, const Info& info) {
  const std::uint64_t games = args.games, positions = t.positions;
  std::printf("method %s, %llu games, batches of %llu games\n", args.method_name.c_str(),
              static_cast<unsigned long long>(games),
              static_cast<unsigned long long>(args.batch_games));
  std::printf("indexed positions      %llu (occurrence keys %llu, distinct positions ~%llu)\n",
              static_cast<unsigned long long>(positions),
              static_cast<unsigned long long>(info.counts.occurrence_entries),
              static_cast<unsigned long long>(info.distinct_positions));
  std::printf("synthesis (excluded)   %.1f s\n", t.gen_s);
  std::printf("add_game               %.1f s\n", t.add_s);
  std::printf("commit                 %.1f s\n", t.commit_s);
  std::printf("import                 %.1f s: %.0f games/s, %.0f positions/s\n", t.import_s,
              games / t.import_s, positions / t.import_s);
  std::printf("compaction             %.1f s\n", t.compact_s);
  std::printf("import + compaction    %.1f s: %.0f games/s, %.0f positions/s\n",
              t.import_s + t.compact_s, games / (t.import_s + t.compact_s),
              positions / (t.import_s + t.compact_s));
  std::printf("CPU time, all threads  import %.1f s, import + compaction %.1f s: %.0f positions per CPU-second\n",
              t.import_cpu, t.total_cpu, positions / t.total_cpu);
  std::printf("bytes on disk          %llu (%.2f bytes per indexed position), SST %llu\n",
              static_cast<unsigned long long>(info.bytes_on_disk),
              double(info.bytes_on_disk) / positions, static_cast<unsigned long long>(info.sst_bytes));
  for (const auto& [name, bytes] : info.column_family_bytes)
    std::printf("  %-20s %12llu bytes  %6.2f bytes per indexed position\n", name.c_str(),
                static_cast<unsigned long long>(bytes), double(bytes) / positions);
  std::printf("peak memory (VmHWM)    %ld MB\n", peak_rss_kb() / 1024);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  BenchArgs args;
  if (!parse_args(argc, argv, args)) return 2;
  try {
    fs::remove_all(args.folder);
    OpenOptions options;
    options.bulk_load = true;
    auto db = Database::open(args.folder, options);
    const Timings t = run_import(db, args);
    print_report(args, t, db.info());
  } catch (const Error& e) {
    std::fprintf(stderr, "bench_db: %s\n", e.what());
    return 1;
  }
  if (!args.keep) fs::remove_all(args.folder);
  return 0;
}
