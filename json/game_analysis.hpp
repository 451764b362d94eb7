// The JSON of a game's analysis (indexer/analysis): printed by `damdb analyze --json` for each
// game and served by GET /api/games/ID/evaluations, so that both give the same numbers; and the
// whole of `damdb analyze --json`.
#pragma once

#include <nlohmann/json.hpp>

#include <span>
#include <string>

#include "indexer/analysis/game_analysis.hpp"
#include "indexer/analysis/stored_evaluations.hpp"
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

/// The evaluations an analysis found stored and searched (`damdb analyze --db`): {"positions",
/// "found_stored", "searched", "not_answered", "hit_rate" (3 decimals)}.
nlohmann::json evaluation_cache_json(const analysis::StoredEvaluations& cache);

/// What `damdb analyze --json` prints: {"engine", "games" [game_analysis_json], "players"
/// [{side_summary_json, "name", "games"}] in name order, "cache" (with `cache` only)}.
nlohmann::json analysis_run_json(const std::string& engine, std::span<const pdn::Game> games,
                                 std::span<const analysis::GameAnalysis> results,
                                 const analysis::StoredEvaluations* cache);

}  // namespace damdb::json
