// JSON of one stored game in full, for a game viewer: the game as `damdb show ID --json`
// gives it, plus the position after every ply, the replay's diagnostics and the sources.
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/game_list.hpp"

namespace damdb::json {

/// game_view_json(view) plus "fens": [FEN of the start, then after each ply] (plies + 1
/// entries), "sources": [{"path", "first_line", "last_line", "byte_offset"}], and
/// "diagnostics": {"errors", "warnings", "notes"} (issue_json objects, lines and columns within
/// the stored game text) from replaying the stored text again; empty when it does not read.
nlohmann::json game_details_json(const indexer::GameView& view);

}  // namespace damdb::json
