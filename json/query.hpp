// JSON of the position index's answers: `damdb query position|opening --json` and the API's
// /api/positions and /api/explorer.
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/explorer/query.hpp"
#include "rules/position.hpp"

namespace damdb::json {

/// {"fen", "games", "results": [position_row_json...]}; with `mirror` also "mirrored": {"fen",
/// "games", "results"} of the colour-reversed position and "games_combined".
nlohmann::json position_answer_json(const rules::Position& pos,
                                    const indexer::PositionAnswer& answer, bool mirror);

/// {"fen", "games", "ended_here", "moves": [{"move", "games", "white_wins", "draws",
/// "black_wins", "unknown", "score" (side to move, %), "mirrored_games"? , "recent"?}]}; with
/// `mirror` also "mirrored_games".
nlohmann::json opening_answer_json(const rules::Position& pos,
                                   const indexer::OpeningAnswer& answer, bool mirror);

}  // namespace damdb::json
