// `damdb show --fen FEN [--numbers]`: a text board diagram of a position.
#include "cli/command.hpp"
#include "rules/diagram.hpp"
#include "rules/fen.hpp"

#include <iostream>

namespace damdb::cli {
namespace {

void setup_show(CLI::App& app, int& exit_code) {
  struct Options {
    std::string fen;
    bool numbers = false;
  };
  auto opts = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("show", "Print a board diagram of a position");
  cmd->add_option("--fen", opts->fen, "Position as PDN FEN (default: initial position)");
  cmd->add_flag("--numbers", opts->numbers, "Show square numbers on empty squares");
  cmd->callback([opts, &exit_code] {
    using namespace damdb::rules;
    const Position pos = opts->fen.empty() ? Position::initial() : parse_fen(opts->fen);
    std::cout << diagram(pos, opts->numbers) << to_fen(pos) << '\n'
              << (pos.side_to_move() == Color::kWhite ? "White" : "Black") << " to move\n";
    exit_code = kOk;
  });
}

const Registration registration{setup_show};

}  // namespace
}  // namespace damdb::cli
