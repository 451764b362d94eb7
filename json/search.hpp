// JSON of a pattern search's answer (`damdb search --json`).
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/search/search.hpp"

namespace damdb::json {

/// {"games", "mirrored_games", "work": {"games_scanned", "rejected_by_filter",
/// "rejected_by_signature", "replayed", "without_signature"}} and, unless `count_only`,
/// "results": [game_row_json + "ply" (first ply of the hit), "held" (plies it holds),
/// "mirrored"], "next_moves": [{"move", "games", "white_wins", "draws", "black_wins",
/// "unknown"}], "ended_here" (games whose hit is their final position).
nlohmann::json search_answer_json(const indexer::SearchAnswer& answer, bool count_only);

}  // namespace damdb::json
