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

/// A stored engine evaluation: {"score" (men, White's view), "win", "depth", "engine", "best",
/// "pv"}.
nlohmann::json evaluation_json(const db::PositionEvaluation& evaluation);

/// {"fen", "games", "ended_here", "moves": [{"move", "games", "white_wins", "draws",
/// "black_wins", "unknown", "score" (side to move, %), "mirrored_games"? , "recent"?,
/// "evaluation"? (of the position after the move, when stored)}]}; with `mirror` also
/// "mirrored_games".
nlohmann::json opening_answer_json(const rules::Position& pos,
                                   const indexer::OpeningAnswer& answer, bool mirror);

}  // namespace damdb::json
