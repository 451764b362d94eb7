// Replay validation throughput: every .pdn file of ../shared/corpus read and replayed (parse
// included), one core. Reports plies/s (items_per_second), games/s and MB/s.
// Run: build/tests/bench_validate
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "pdn/reader.hpp"
#include "pdn/replay.hpp"
#include "tests/corpus_files.hpp"

namespace {

namespace fs = std::filesystem;

/// The corpus concatenated once (files sorted by path), about 4.4 MB.
const std::string& corpus_text() {
  static const std::string text = damdb::testing::corpus_text();
  return text;
}

void BM_ValidateCorpus(benchmark::State& state) {
  const std::string& text = corpus_text();
  std::uint64_t plies = 0, games = 0;
  damdb::pdn::ReplayOptions options;
  options.replay_variations = state.range(0) != 0;
  for (auto _ : state) {
    std::istringstream in(text);
    damdb::pdn::GameReader reader(in, "corpus");
    damdb::pdn::Game game;
    plies = games = 0;
    while (reader.next(game)) {
      const auto replay = damdb::pdn::replay(game, options);
      plies += static_cast<std::uint64_t>(replay.plies);
      ++games;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(plies) * state.iterations());
  state.SetBytesProcessed(static_cast<std::int64_t>(text.size()) * state.iterations());
  state.counters["plies"] = static_cast<double>(plies);
  state.counters["games"] = static_cast<double>(games);
}
// Arg 1: variations replayed too (what `damdb validate` does); arg 0: main lines only.
BENCHMARK(BM_ValidateCorpus)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_ReplayOnly(benchmark::State& state) {
  // Parse once, then replay the parsed games: the cost of the rules side alone.
  std::istringstream in(corpus_text());
  damdb::pdn::GameReader reader(in, "corpus");
  std::vector<damdb::pdn::Game> games;
  while (auto g = reader.next()) games.push_back(std::move(*g));
  std::uint64_t plies = 0;
  for (auto _ : state) {
    plies = 0;
    for (const auto& g : games) plies += static_cast<std::uint64_t>(damdb::pdn::replay(g).plies);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(plies) * state.iterations());
}
BENCHMARK(BM_ReplayOnly)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
