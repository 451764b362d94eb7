// `damdb moves --fen FEN [--json]`: every legal move of a position in PDN notation.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/command.hpp"
#include "cli/table.hpp"
#include "json/moves.hpp"
#include "rules/fen.hpp"
#include "rules/movegen.hpp"
#include "rules/notation.hpp"

namespace damdb::cli {
namespace {

void setup_moves(CLI::App& app, int& exit_code) {
  struct Options {
    std::string fen;
    bool json = false;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("moves", "List the legal moves of a position (FMJD rules)");
  // Given, even empty, --fen must be a valid FEN: only its absence means the initial position.
  auto* fen = cmd->add_option("--fen", opts->fen,
                  "Position as PDN FEN, e.g. W:W31-50:B1-20 (default: initial)");
  cmd->add_flag("--json", opts->json, "Print a JSON array of moves");
  cmd->callback([opts, fen, &exit_code] {
    using namespace damdb::rules;
    const Position pos = fen->count() == 0 ? Position::initial() : parse_fen(opts->fen);
    MoveList moves;
    generate_moves(pos, moves);
    if (opts->json) {
      print_json(std::cout, json::legal_moves_json(pos));
    } else if (moves.empty()) {
      // FMJD art. 7: a player who cannot move has lost.
      std::cout << "no legal moves: " << (pos.side_to_move() == Color::White ? "White" : "Black")
                << " has lost\n";
    } else {
      sort_moves(moves);
      for (const Move& m : moves) std::cout << to_pdn(pos, m, moves) << '\n';
    }
    exit_code = kOk;
  });
}

const Registration registration{"moves", setup_moves};

}  // namespace
}  // namespace damdb::cli
