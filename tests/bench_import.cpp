// bench_import: end-to-end import throughput and on-disk size on realistic synthetic games.
//
// Games: every game of DAMDB_CORPUS_DIR that starts from the initial position is replayed once
// (pdn::replay with record_plies). Each synthetic game picks a corpus game (seeded
// std::mt19937_64), plays its first b moves (b uniform in [0, length - 1]: real openings and
// middle games), then random legal moves (rules::generate_moves) until it has the corpus game's
// length or no move is left, so positions after the branch are the game's own. Tags (event,
// date, players, result) are the corpus game's, the round is the game's serial number. The
// games are written as one PDN file (not timed), which is then imported through the real path:
// indexer::import_files (read, replay validation, records, ImportBatch, SST ingestion,
// final compaction) into a fresh database opened with OpenOptions::bulk_load, as `damdb import`
// does.
//
//   bench_import [--games N (1000000)] [--seed S] [--dir DIR] [--keep] [--no-split]
//                [--batch-games N (the import default)] [--batch-mb MB (batch memory)]
//
// Prints machine-independent counts (games, indexed positions, distinct positions, bytes per
// indexed position in total and per column family) and measured rates: games/s and
// positions/s over wall time and per CPU second (user + system of every thread: RocksDB's
// background threads included), peak resident memory. With the split (default) it also times
// reading + replaying the generated file alone, to show the share of the front end.
// An indexed position = one (game, ply) pair, the final position included.

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "tests/corpus_files.hpp"
#include "db/database.hpp"
#include "db/error.hpp"
#include "indexer/import/importer.hpp"
#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"
#include "rules/position.hpp"

namespace fs = std::filesystem;
using namespace damdb;
using Clock = std::chrono::steady_clock;

namespace {

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

long peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;  // Linux: kilobytes
}

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

struct CorpusGame {
  std::vector<rules::Move> moves;
  std::string event, date, white, black, result;
};

std::string tag(const pdn::Game& g, const char* name) {
  const pdn::Tag* t = g.tag(name);
  return t ? t->value : std::string();
}

std::vector<CorpusGame> load_corpus() {
  const std::vector<fs::path> files = damdb::testing::corpus_pdn_files();
  std::vector<CorpusGame> out;
  pdn::ReplayOptions options;
  options.record_plies = true;
  options.replay_variations = false;
  for (const auto& f : files) {
    pdn::GameReader reader(f.string());
    pdn::Game game;
    while (reader.next(game)) {
      const pdn::Replay r = pdn::replay(game, options);
      if (r.status == pdn::ReplayStatus::Skipped || r.setup_in_movetext || r.plies_played.size() < 2 ||
          !(r.start == rules::Position::initial()))
        continue;
      CorpusGame c;
      for (const auto& p : r.plies_played) c.moves.push_back(p.move);
      c.event = tag(game, "Event");
      c.date = tag(game, "Date");
      c.white = tag(game, "White");
      c.black = tag(game, "Black");
      c.result = tag(game, "Result");
      if (c.result.empty()) c.result = "*";
      out.push_back(std::move(c));
    }
  }
  return out;
}

void put_tag(std::string& out, const char* name, const std::string& value) {
  out += '[';
  out += name;
  out += " \"";
  for (char ch : value)
    if (ch != '"' && ch != '\\' && ch != '\n') out += ch;
  out += "\"]\n";
}

// Writes `n` games to `path`; returns the number of plies written.
std::uint64_t generate(const std::vector<CorpusGame>& corpus, std::uint64_t n, std::uint64_t seed,
                       const fs::path& path) {
  std::mt19937_64 rng(seed);
  std::ofstream out(path, std::ios::binary);
  std::string text;
  rules::MoveList legal;
  std::uint64_t plies_total = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    const CorpusGame& c = corpus[rng() % corpus.size()];
    const std::size_t length = c.moves.size();
    const std::size_t branch = rng() % length;  // plies copied from the corpus game
    text.clear();
    put_tag(text, "Event", c.event);
    put_tag(text, "Date", c.date);
    put_tag(text, "Round", std::to_string(i + 1));
    put_tag(text, "White", c.white);
    put_tag(text, "Black", c.black);
    put_tag(text, "Result", c.result);
    text += '\n';
    rules::Position pos = rules::Position::initial();
    std::size_t ply = 0, column = 0;
    for (; ply < length; ++ply) {
      rules::generate_moves(pos, legal);
      if (legal.empty()) break;
      const rules::Move m = ply < branch ? c.moves[ply] : legal[static_cast<int>(rng() % legal.size())];
      std::string word;
      if (ply % 2 == 0) word = std::to_string(ply / 2 + 1) + ". ";
      word += rules::to_pdn(pos, m, legal);
      if (column + word.size() > 78) {
        text += '\n';
        column = 0;
      } else if (column > 0) {
        text += ' ';
        ++column;
      }
      text += word;
      column += word.size();
      pos.play(m);
    }
    plies_total += ply;
    text += ' ';
    text += c.result;
    text += "\n\n";
    out << text;
  }
  if (!out) throw std::runtime_error("cannot write " + path.string());
  return plies_total;
}

struct BenchArgs {
  std::uint64_t games = 1'000'000, seed = 20240601;
  fs::path dir = fs::temp_directory_path() / "damdb-bench-import";
  bool keep = false, split = true;
  indexer::ImportOptions import_options;
};

// Reads the command line into `args`; false (after a usage line) on an unknown option.
bool parse_args(int argc, char** argv, BenchArgs& args) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string("0"); };
    if (a == "--games") args.games = std::stoull(next());
    else if (a == "--seed") args.seed = std::stoull(next());
    else if (a == "--dir") args.dir = next();
    else if (a == "--keep") args.keep = true;
    else if (a == "--no-split") args.split = false;
    else if (a == "--batch-games") args.import_options.batch_games = std::stoull(next());
    else if (a == "--batch-mb") args.import_options.batch_bytes = std::stoull(next()) << 20;
    else {
      std::fprintf(stderr, "usage: bench_import [--games N] [--seed S] [--dir DIR] [--keep] [--no-split] [--batch-games N] [--batch-mb MB]\n");
      return false;
    }
  }
  return true;
}

// The front end alone (read + replay with recorded plies), timed and printed.
void time_read_and_replay(const fs::path& pdn_file) {
  const double c0 = cpu_seconds();
  auto t1 = Clock::now();
  pdn::GameReader reader(pdn_file.string());
  pdn::ReplayOptions options;
  options.record_plies = true;
  pdn::Game game;
  std::uint64_t n = 0, replayed = 0;
  while (reader.next(game)) {
    replayed += static_cast<std::uint64_t>(pdn::replay(game, options).plies);
    ++n;
  }
  const double s = since(t1), cpu = cpu_seconds() - c0;
  std::printf("read + replay only     %.1f s wall, %.1f s CPU: %.0f games/s, %.0f plies/s\n", s,
              cpu, n / s, replayed / s);
  std::fflush(stdout);
}

void print_import(const indexer::ImportSummary& sum, const db::Info& info, double wall,
                  double cpu) {
  std::printf("import (end to end)    %llu games read, %llu stored, %llu duplicates, %llu invalid, %llu warnings\n",
              static_cast<unsigned long long>(sum.games_read), static_cast<unsigned long long>(sum.games_stored),
              static_cast<unsigned long long>(sum.duplicates), static_cast<unsigned long long>(sum.invalid),
              static_cast<unsigned long long>(sum.warnings));
  std::printf("indexed positions      %llu ((position, game) pairs %llu, distinct positions ~%llu)\n",
              static_cast<unsigned long long>(sum.positions),
              static_cast<unsigned long long>(info.counts.occurrence_entries),
              static_cast<unsigned long long>(info.distinct_positions));
  std::printf("wall time              %.1f s: %.0f games/s, %.0f positions/s (compaction included)\n", wall,
              sum.games_read / wall, sum.positions / wall);
  std::printf("CPU time (all threads) %.1f s: %.0f games/CPU-s, %.0f positions/CPU-s\n", cpu,
              sum.games_read / cpu, sum.positions / cpu);
  const double per = sum.positions ? double(sum.positions) : 1.0;
  std::printf("SST bytes              %llu: %.2f bytes per indexed position (folder %llu bytes)\n",
              static_cast<unsigned long long>(info.sst_bytes), info.sst_bytes / per,
              static_cast<unsigned long long>(info.bytes_on_disk));
  for (const auto& [name, bytes] : info.column_family_bytes)
    std::printf("  %-20s %12llu bytes  %6.2f bytes per indexed position\n", name.c_str(),
                static_cast<unsigned long long>(bytes), bytes / per);
  std::printf("peak memory (maxrss)   %ld MB\n", peak_rss_mb());
}

// Generates the games, times the front end, then the import end to end.
void run(const BenchArgs& args) {
  fs::remove_all(args.dir);
  fs::create_directories(args.dir);
  const fs::path pdn_file = args.dir / "games.pdn";
  const fs::path db_dir = args.dir / "db";

  auto t0 = Clock::now();
  const auto corpus = load_corpus();
  if (corpus.empty()) throw std::runtime_error("no corpus games in " DAMDB_CORPUS_DIR);
  const std::uint64_t plies = generate(corpus, args.games, args.seed, pdn_file);
  const double gen_s = since(t0);
  std::printf("corpus games used      %zu (initial start position)\n", corpus.size());
  std::printf("generated              %llu games, %llu plies, %.1f MB of PDN in %.1f s (not timed below)\n",
              static_cast<unsigned long long>(args.games), static_cast<unsigned long long>(plies),
              fs::file_size(pdn_file) / 1e6, gen_s);
  std::fflush(stdout);
  if (args.split) time_read_and_replay(pdn_file);

  const double cpu0 = cpu_seconds();
  auto t2 = Clock::now();
  db::OpenOptions open;
  open.bulk_load = true;
  auto database = db::Database::open(db_dir, open);
  const indexer::ImportSummary sum =
      indexer::import_files(database, {pdn_file.string()}, args.import_options);
  const double wall = since(t2), cpu = cpu_seconds() - cpu0;
  print_import(sum, database.info(), wall, cpu);
}

}  // namespace

int main(int argc, char** argv) {
  BenchArgs args;
  if (!parse_args(argc, argv, args)) return 2;
  try {
    run(args);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_import: %s\n", e.what());
    return 1;
  }
  if (!args.keep) fs::remove_all(args.dir);
  return 0;
}
