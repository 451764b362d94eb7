// `damdb moves --fen FEN [--json]`: every legal move of a position in PDN notation.
#include <iostream>

#include "cli/command.hpp"
#include "cli/table.hpp"
#include "json/moves.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::cli {
namespace {

/// The options of `damdb moves`.
struct MovesCliOptions {
  std::string fen;
  bool fen_given = false;  // --fen was given (even empty: then it must be a valid FEN)
  bool json = false;
};

/// `damdb moves`: returns the exit code.
int run_moves(const MovesCliOptions& o) {
  using namespace damdb::rules;
  const Position pos = o.fen_given ? parse_fen(o.fen) : Position::initial();
  if (o.json) {
    print_json(std::cout, json::legal_moves_json(pos));
    return kOk;
  }
  MoveList moves;
  generate_moves(pos, moves);
  if (moves.empty()) {
    // FMJD art. 7: a player who cannot move has lost.
    std::cout << "no legal moves: " << (pos.side_to_move() == Color::White ? "White" : "Black")
              << " has lost\n";
    return kOk;
  }
  sort_moves(moves);
  for (const Move& m : moves) std::cout << to_pdn(pos, m, moves) << '\n';
  return kOk;
}

void setup_moves(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<MovesCliOptions>();
  auto* cmd = app.add_subcommand("moves", "List the legal moves of a position (FMJD rules)");
  // Given, even empty, --fen must be a valid FEN: only its absence means the initial position.
  auto* fen = cmd->add_option("--fen", opts->fen,
                  "Position as PDN FEN, e.g. W:W31-50:B1-20 (default: initial)");
  cmd->add_flag("--json", opts->json, "Print a JSON array of moves");
  cmd->callback([opts, fen, &exit_code] {
    opts->fen_given = fen->count() > 0;
    exit_code = run_moves(*opts);
  });
}

const Registration registration{"moves", setup_moves};

}  // namespace
}  // namespace damdb::cli
