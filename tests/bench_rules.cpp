// Benchmarks of the rules engine: perft with bulk counting from the initial position and from two
// positions where flying kings decide the speed (the kings position and the Woldouby position).
// Run: build/tests/bench_rules [--benchmark_filter=Perft/10]
// Counters: leaves/s (items_per_second). Correctness of the counts is checked, never times.
#include "rules/fen.hpp"
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

// perft(1) through perft(max_depth) from `fen` in one go, checked against `expected_total`.
void perft_one_to(benchmark::State& state, const char* fen, int max_depth,
                  std::uint64_t expected_total) {
  const Position pos = parse_fen(fen);
  for (auto _ : state) {
    std::uint64_t total = 0;
    for (int depth = 1; depth <= max_depth; ++depth) total += perft(pos, depth);
    if (total != expected_total) state.SkipWithError("wrong perft total");
    benchmark::DoNotOptimize(total);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(expected_total));
}

// The kings position (a white king and two black kings among men; king captures everywhere):
// perft 14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193 for depths 1..9, the
// counts Moby Dam's perft gives (its test script publishes depth 9).
constexpr const char* kKingsFen = "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24";
void BM_PerftKingsOneToNine(benchmark::State& state) {
  perft_one_to(state, kKingsFen, 9, 1313405296u);
}
BENCHMARK(BM_PerftKingsOneToNine)->Unit(benchmark::kMillisecond)->Iterations(1);

// The Woldouby position (men only at the root; kings appear deep in the tree): perft 6, 12, 30,
// 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645, 58360286 for depths 1..14
// (Moby Dam's counts; its test script publishes depth 15, 346184885).
constexpr const char* kWoldoubyFen =
    "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26";
void BM_PerftWoldoubyOneToFourteen(benchmark::State& state) {
  perft_one_to(state, kWoldoubyFen, 14, 70640914u);
}
BENCHMARK(BM_PerftWoldoubyOneToFourteen)->Unit(benchmark::kMillisecond)->Iterations(1);

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
