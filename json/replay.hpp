// JSON forms of replay results, as `damdb validate --json` prints them (see each function).
#pragma once

#include <nlohmann/json.hpp>

#include "pdn/game.hpp"
#include "pdn/replay.hpp"

namespace damdb::json {

/// {"kind", "ply", "move_number", "side", "token", "line", "column", "message", "fen", "legal",
///  "candidates"?}
nlohmann::json issue_json(const pdn::ReplayIssue& issue);

/// The validate JSON Lines object of one game: {"file", "game" (1-based), "line", "white",
/// "black", "round", "status", "plies", "final_fen", "errors": [...], "warnings": [...], "notes": [...]} (notes:
/// tolerated dialect such as a normalised date, no effect on status).
nlohmann::json game_json(const pdn::Game& game, const pdn::Replay& replay);

}  // namespace damdb::json
