// `damdb perft --depth N [--fen FEN] [--divide | --all-depths]`: leaf counts of the legal-move
// tree.
#include "rules/perft.hpp"

#include <chrono>
#include <cstdio>

#include "cli/command.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::cli {
namespace {

// Counts the leaves `depth` plies below `pos` (with `divide`, below each first move too) and
// prints the count, the time and the rate.
void print_perft(const rules::Position& pos, int depth, bool divide) {
  using namespace damdb::rules;
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (divide) {
    MoveList legal;
    generate_moves(pos, legal);
    for (const auto& [move, n] : perft_divide(pos, depth)) {
      std::printf("%s %llu\n", to_pdn(pos, move, legal).c_str(), static_cast<unsigned long long>(n));
      nodes += n;
    }
  } else {
    nodes = perft(pos, depth);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("perft(%d) = %llu\n", depth, static_cast<unsigned long long>(nodes));
  std::printf("nodes %llu  seconds %.3f  nodes/s %.0f\n", static_cast<unsigned long long>(nodes),
              seconds, seconds > 0 ? nodes / seconds : 0.0);
}

/// The options of `damdb perft`.
struct PerftCliOptions {
  int depth = 0;
  std::string fen;
  bool fen_given = false;  // --fen was given (even empty: then it must be a valid FEN)
  bool divide = false;
  bool all_depths = false;
};

/// `damdb perft`: returns the exit code.
int run_perft(const PerftCliOptions& o) {
  using namespace damdb::rules;
  if (o.depth < 1 || o.depth > 20)
    throw InputError("--depth must be between 1 and 20, got " + std::to_string(o.depth));
  const Position pos = o.fen_given ? parse_fen(o.fen) : Position::initial();
  for (int depth = o.all_depths ? 1 : o.depth; depth <= o.depth; ++depth)
    print_perft(pos, depth, o.divide);
  return kOk;
}

void setup_perft(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<PerftCliOptions>();
  auto* cmd = app.add_subcommand("perft", "Count the leaf nodes of the legal-move tree");
  cmd->add_option("--depth", opts->depth, "Depth in plies, 1..20")->required();
  // Given, even empty, --fen must be a valid FEN: only its absence means the initial position.
  auto* fen = cmd->add_option("--fen", opts->fen, "Position as PDN FEN (default: initial position)");
  auto* divide = cmd->add_flag("--divide", opts->divide, "Print the count below each first move");
  // One process for a whole series (another program's `perft -c N` counts depths 1..N in one run).
  cmd->add_flag("--all-depths", opts->all_depths, "Count every depth from 1 to --depth, in turn")
      ->excludes(divide);
  cmd->callback([opts, fen, &exit_code] {
    opts->fen_given = fen->count() > 0;
    exit_code = run_perft(*opts);
  });
}

const Registration registration{"perft", setup_perft};

}  // namespace
}  // namespace damdb::cli
