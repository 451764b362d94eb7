// Benchmark of scoresheet repair: time to repair one game with one injected error.
// Games: the first 200 distinct valid corpus games of 24+ plies; the error is injected at the
// middle ply, either as a square swap (`28-32` for `32-28`, a one-token fix) or as a missing
// ply (the costliest model: every legal move of the other side is tried).
//   build/tests/bench_repair
#include "pdn/reader.hpp"
#include "pdn/repair.hpp"
#include "pdn/replay.hpp"
#include "rules/notation.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using namespace damdb;
namespace fs = std::filesystem;

enum class Injection { SquareSwap, MissingPly };

std::vector<pdn::Game> corrupted_games(Injection injection) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(DAMDB_CORPUS_DIR))
    if (e.is_regular_file() && e.path().extension() == ".pdn" &&
        e.path().string().find("not-10x10") == std::string::npos)
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<pdn::Game> out;
  pdn::ReplayOptions options;
  options.record_plies = true;
  for (const auto& file : files) {
    for (const pdn::Game& g : pdn::read_file(file.string())) {
      if (out.size() >= 200) return out;
      if (g.has_errors() || !g.variant.international || g.tag("FEN")) continue;
      const pdn::Replay r = pdn::replay(g, options);
      if (r.status == pdn::ReplayStatus::Invalid || r.plies < 24) continue;
      std::vector<std::string> tokens;
      for (const auto& p : r.plies_played) tokens.push_back(rules::to_pdn(p.before, p.move));
      const std::size_t k = tokens.size() / 2;
      if (injection == Injection::MissingPly) {
        tokens.erase(tokens.begin() + static_cast<long>(k));
      } else {
        const auto sep = tokens[k].find_first_of("-x");
        if (tokens[k].find_first_of("-x", sep + 1) != std::string::npos) continue;
        tokens[k] = tokens[k].substr(sep + 1) + tokens[k][sep] + tokens[k].substr(0, sep);
      }
      std::string text = "[Result \"*\"]\n\n";
      for (std::size_t i = 0; i < tokens.size(); ++i)
        text += (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : "") + tokens[i] + " ";
      text += "*\n";
      pdn::Game bad = pdn::read_games(text)[0];
      if (pdn::replay(bad).status == pdn::ReplayStatus::Invalid) out.push_back(std::move(bad));
    }
  }
  return out;
}

void run(benchmark::State& state, Injection injection, bool whole_clean) {
  const std::vector<pdn::Game> games = corrupted_games(injection);
  pdn::ReplayOptions options;
  options.record_plies = true;
  std::vector<pdn::Replay> replays;
  for (const auto& g : games) replays.push_back(pdn::replay(g, options));
  std::size_t i = 0;
  for (auto _ : state) {
    if (whole_clean) {
      benchmark::DoNotOptimize(pdn::clean_game(games[i]));
    } else {
      benchmark::DoNotOptimize(pdn::propose_repair(games[i], replays[i]));
    }
    i = (i + 1) % games.size();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.counters["games"] = static_cast<double>(games.size());
}

void BM_ProposeSquareSwap(benchmark::State& s) { run(s, Injection::SquareSwap, false); }
void BM_ProposeMissingPly(benchmark::State& s) { run(s, Injection::MissingPly, false); }
void BM_CleanSquareSwap(benchmark::State& s) { run(s, Injection::SquareSwap, true); }
void BM_CleanMissingPly(benchmark::State& s) { run(s, Injection::MissingPly, true); }

BENCHMARK(BM_ProposeSquareSwap)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ProposeMissingPly)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CleanSquareSwap)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CleanMissingPly)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
