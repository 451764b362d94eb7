// PDN reader throughput: the whole corpus (../shared/corpus, 666 files, 4.4 MB) concatenated
// until the text is at least 100 MB, read with GameReader from memory and from a file, and
// with ParallelGameReader from a file (wall time; arguments: threads, part bytes).
// Reports MB/s (bytes_per_second) and games/s. Run: build/tests/bench_pdn
#include "pdn/parallel_reader.hpp"
#include "pdn/reader.hpp"
#include "tests/corpus_files.hpp"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const std::string& big_text() {
  static const std::string text = [] {
    const std::string once = damdb::testing::corpus_text();
    std::string all;
    all.reserve(100u << 20);
    while (all.size() < (100u << 20)) all += once;
    return all;
  }();
  return text;
}

// A read-only streambuf over existing memory (no copy of the 100 MB text).
struct MemoryBuf : std::streambuf {
  explicit MemoryBuf(const std::string& s) {
    char* p = const_cast<char*>(s.data());
    setg(p, p, p + s.size());
  }
};

void report(benchmark::State& state, std::size_t bytes, std::size_t games) {
  state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(games) * state.iterations(),
                                                 benchmark::Counter::kIsRate);
  state.counters["games"] = static_cast<double>(games);
  state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

void BM_ReadGamesFromMemory(benchmark::State& state) {
  const std::string& text = big_text();
  std::size_t games = 0;
  for (auto _ : state) {
    MemoryBuf buf(text);
    std::istream in(&buf);
    damdb::pdn::GameReader reader(in, "bench");
    damdb::pdn::Game game;
    games = 0;
    while (reader.next(game)) ++games;
    benchmark::DoNotOptimize(game);
  }
  report(state, text.size(), games);
}
BENCHMARK(BM_ReadGamesFromMemory)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The big text written to a file of the temporary directory.
fs::path write_big_file() {
  const std::string& text = big_text();
  fs::path path = fs::temp_directory_path() / "damdb_bench_pdn.pdn";
  std::ofstream out(path, std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  return path;
}

void BM_ReadGamesFromFile(benchmark::State& state) {
  const std::string& text = big_text();
  const fs::path path = write_big_file();
  std::size_t games = 0;
  for (auto _ : state) {
    damdb::pdn::GameReader reader(path.string());
    damdb::pdn::Game game;
    games = 0;
    while (reader.next(game)) ++games;
    benchmark::DoNotOptimize(game);
  }
  report(state, text.size(), games);
  fs::remove(path);
}
BENCHMARK(BM_ReadGamesFromFile)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_ReadGamesFromFileInParallel(benchmark::State& state) {
  const std::string& text = big_text();
  const fs::path path = write_big_file();
  damdb::pdn::ParallelReaderOptions options;
  options.threads = static_cast<unsigned>(state.range(0));
  options.part_bytes = static_cast<std::size_t>(state.range(1));
  std::size_t games = 0;
  for (auto _ : state) {
    damdb::pdn::ParallelGameReader reader(path.string(), options);
    games = reader.visit([](damdb::pdn::Game& game) { benchmark::DoNotOptimize(game.index); });
  }
  report(state, text.size(), games);
  fs::remove(path);
}
BENCHMARK(BM_ReadGamesFromFileInParallel)
    ->ArgsProduct({{2}, {16 << 10, 32 << 10, 64 << 10, 128 << 10}})
    ->Unit(benchmark::kMillisecond)
    ->MinTime(2.0)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
