// The JSON of a game's analysis (indexer/analysis): printed by `damdb analyze --json` for each
// game and served by GET /api/games/ID/evaluations, so that both give the same numbers.
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/analysis/game_analysis.hpp"
#include "pdn/game.hpp"

namespace damdb::json {

/// {"score" (men, White's view, 2 decimals), "win", "depth", "terminal" (when true), "best",
/// "pv", "unmatched_pv_move" (when not empty)}.
nlohmann::json position_eval_json(const analysis::PositionEval& e);

/// {"moves", "average_loss", "inaccuracies", "mistakes", "blunders", "good"}.
nlohmann::json side_summary_json(const analysis::SideSummary& s);

/// {"game" (its number), "white", "black", "result", "analysed", "skipped"/"error" when set};
/// when analysed also "plies" [{"ply", "side", "move", "before", "loss", "mark"}], "final",
/// "summary" {"white", "black"} and "decided_ply" (null: not decided).
nlohmann::json game_analysis_json(const pdn::Game& game, const analysis::GameAnalysis& a);

}  // namespace damdb::json
