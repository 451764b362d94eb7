// Query latency on an existing database (for example the 1,000,000-game one made by
// bench_import --keep): `query position` (first 50 games, newest first) and `query opening`
// (the explorer, with the most recent game per move), at the start position and at random
// positions of the stored games; p50 / p99 in-process over --queries N (default 10,000), and
// for the whole command (`damdb query ...` as a process) over --commands N (default 200).
// Usage: bench_query --db DIR [--queries N] [--commands N] [--seed S]
// Prints figures only; it asserts nothing about times.
#include "db/database.hpp"
#include "indexer/records/game_moves.hpp"
#include "indexer/explorer/query.hpp"
#include "rules/fen.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace damdb;
using Clock = std::chrono::steady_clock;

namespace {

struct Percentiles {
  double p50 = 0, p99 = 0, max = 0;
};

Percentiles percentiles(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  if (v.empty()) return {};
  auto at = [&](double q) { return v[std::min(v.size() - 1, static_cast<std::size_t>(q * v.size()))]; };
  return {at(0.50), at(0.99), v.back()};
}

void print(const char* what, const Percentiles& p, std::size_t n) {
  std::printf("%-44s n=%-6zu p50 %8.3f ms   p99 %8.3f ms   max %8.3f ms\n", what, n, p.p50,
              p.p99, p.max);
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir;
  std::size_t queries = 10000, commands = 200;
  unsigned long seed = 20261129;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--db") dir = argv[i + 1];
    else if (a == "--queries") queries = std::stoul(argv[i + 1]);
    else if (a == "--commands") commands = std::stoul(argv[i + 1]);
    else if (a == "--seed") seed = std::stoul(argv[i + 1]);
  }
  if (dir.empty()) {
    std::fprintf(stderr, "usage: bench_query --db DIR [--queries N] [--commands N] [--seed S]\n");
    return 2;
  }
  db::OpenOptions open;
  open.mode = db::OpenMode::ReadOnly;
  const db::Database database = db::Database::open(dir, open);
  const db::Meta meta = database.meta();
  std::printf("database %s: %llu games, %llu indexed positions\n", dir.c_str(),
              static_cast<unsigned long long>(meta.counts.games),
              static_cast<unsigned long long>(meta.counts.indexed_positions));

  // Random positions from random stored games (seeded), decoded from their move codes.
  std::mt19937_64 rng(seed);
  std::vector<rules::Position> positions;
  const std::uint32_t max_id = meta.next_game_id > 1 ? meta.next_game_id - 1 : 1;
  while (positions.size() < std::min<std::size_t>(queries, 2000)) {
    const auto game = database.game(db::GameId{static_cast<std::uint32_t>(1 + rng() % max_id)});
    if (!game || game->moves.empty()) continue;
    positions.push_back(indexer::position_at(*game, rng() % (game->moves.size() + 1)));
  }
  const indexer::GameFilter no_filter;
  auto run = [&](const char* what, bool start, bool opening) {
    std::vector<double> ms;
    ms.reserve(queries);
    std::uint64_t sink = 0;
    for (std::size_t i = 0; i < queries; ++i) {
      const rules::Position& pos = start ? rules::Position::initial() : positions[i % positions.size()];
      const auto t0 = Clock::now();
      if (opening)
        sink += indexer::query_opening(database, pos, no_filter).games;
      else
        sink += indexer::query_position(database, pos, no_filter).rows.size();
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    print(what, percentiles(ms), ms.size());
    return sink;
  };
  run("in-process query position, start (50 games)", true, false);
  run("in-process query position, random positions", false, false);
  run("in-process query opening, start", true, true);
  run("in-process query opening, random positions", false, true);

  // Whole commands, as a user runs them.
  const std::string binary = DAMDB_BINARY;
  auto run_command = [&](const char* what, const char* sub, bool start) {
    std::vector<double> ms;
    for (std::size_t i = 0; i < commands; ++i) {
      std::string cmd = binary + " query " + sub + " --db '" + dir + "' --json";
      if (!start) cmd += " --fen '" + rules::to_fen(positions[i % positions.size()]) + "'";
      cmd += " > /dev/null";
      const auto t0 = Clock::now();
      if (std::system(cmd.c_str()) != 0) {
        std::fprintf(stderr, "command failed: %s\n", cmd.c_str());
        return;
      }
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    print(what, percentiles(ms), ms.size());
  };
  run_command("command damdb query position, start", "position", true);
  run_command("command damdb query position, random", "position", false);
  run_command("command damdb query opening, start", "opening", true);
  run_command("command damdb query opening, random", "opening", false);
  return 0;
}
