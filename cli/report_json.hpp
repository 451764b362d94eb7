// JSON forms of replay results shared by the subcommands that print them (validate, clean,
// import). Shapes follow the issue tracker's contracts (see each function).
#pragma once

#include <nlohmann/json.hpp>

#include "pdn/game.hpp"
#include "pdn/replay.hpp"

namespace damdb::cli {

/// {"kind", "ply", "move_number", "side", "token", "line", "column", "message", "fen", "legal",
///  "candidates"?}
nlohmann::json issue_json(const pdn::ReplayIssue& issue);

/// The validate JSON Lines object of one game: {"file", "game" (1-based), "line", "white",
/// "black", "round", "status", "plies", "final_fen", "errors": [...], "warnings": [...], "notes": [...]} (notes:
/// tolerated dialect such as a normalised date, no effect on status).
nlohmann::json game_json(const pdn::Game& game, const pdn::Replay& replay);

}  // namespace damdb::cli
