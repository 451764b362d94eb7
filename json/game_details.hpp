// JSON of one stored game in full, for a game viewer: the game as `damdb show ID --json`
// gives it (with its sources), plus the position after every ply and the replay's diagnostics.
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/explorer/game_details.hpp"

namespace damdb::json {

/// game_view_json(details.view) plus "fens": [FEN of the start, then after each ply] (plies + 1
/// entries) and "diagnostics": {"errors", "warnings", "notes"} (issue_json objects, lines and
/// columns within the stored game text) of details.replay.
nlohmann::json game_details_json(const indexer::GameDetails& details);

}  // namespace damdb::json
