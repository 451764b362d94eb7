// Benchmarks of the rules engine: perft from the initial position with bulk counting.
// Run: build/tests/bench_rules [--benchmark_filter=Perft/10]
// Counters: leaves/s (items_per_second). Correctness of the counts is checked, never times.
#include "rules/movegen.hpp"
#include "rules/perft.hpp"

#include <benchmark/benchmark.h>

using namespace damdb::rules;

namespace {

constexpr std::uint64_t kPerft[] = {1,       9,        81,        658,        4265,     27117,
                                    167140,  1049442,  6483961,   41022423,   258895763};

void BM_Perft(benchmark::State& state) {
  const int depth = static_cast<int>(state.range(0));
  const Position start = Position::initial();
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    leaves = perft(start, depth);
    if (leaves != kPerft[depth]) state.SkipWithError("wrong perft count");
    benchmark::DoNotOptimize(leaves);
  }
  state.counters["leaves"] = static_cast<double>(leaves);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(leaves));
}
BENCHMARK(BM_Perft)->DenseRange(6, 10)->Unit(benchmark::kMillisecond);

// perft(1) through perft(10) in one go: 307,650,859 leaves in all.
void BM_PerftOneToTen(benchmark::State& state) {
  const Position start = Position::initial();
  for (auto _ : state) {
    std::uint64_t total = 0;
    for (int depth = 1; depth <= 10; ++depth) total += perft(start, depth);
    if (total != 307650859u) state.SkipWithError("wrong perft total");
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(state.iterations() * 307650859ll);
}
BENCHMARK(BM_PerftOneToTen)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_GenerateMovesInitial(benchmark::State& state) {
  const Position start = Position::initial();
  MoveList moves;
  for (auto _ : state) {
    generate_moves(start, moves);
    benchmark::DoNotOptimize(moves.size());
  }
}
BENCHMARK(BM_GenerateMovesInitial);

}  // namespace

BENCHMARK_MAIN();
