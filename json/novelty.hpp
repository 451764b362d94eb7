// JSON of a game's novelty (`damdb novelty GAME_ID --json`, GET /api/games/ID/novelty).
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/explorer/novelty.hpp"

namespace damdb::json {

/// {"game": game_row_json, "plies", "count_undated", "novelty": null (every position reached
/// before) or {"ply", "move" (null at ply 0), "same_day", "unknown_order", "later"}, "known":
/// null (novelty at ply 0) or {"ply", "fen", "predecessors" (total), "games":
/// [position_row_json + "mirrored"], newest first}, "line": [{"ply", "move", "side"
/// ("white"/"black"), "position_games", "games", "white_wins", "draws", "black_wins",
/// "unknown", "score" (null without a known result), "novelty" (true on the novelty's move)}]}.
nlohmann::json novelty_json(const indexer::NoveltyReport& r);

}  // namespace damdb::json
