// JSON of the API's /api/explorer answer: the opening explorer at a position with its recent
// and best games (the page's explorer panel).
#pragma once

#include <cstddef>
#include <vector>

#include <nlohmann/json.hpp>

#include "indexer/explorer/query.hpp"
#include "rules/position.hpp"

namespace damdb::json {

/// What /api/explorer answers about a position.
struct ExplorerAnswer {
  const indexer::OpeningAnswer& moves;           ///< the moves played there
  const indexer::PositionAnswer& recent;         ///< its most recent games (and mirrored ones)
  const std::vector<indexer::GameRow>& top;      ///< its best games
};

/// opening_answer_json(pos, answer.moves, mirror) with at most `max_moves` moves (0: all), plus
/// "side_to_move" ("white"/"black"), "recent_games": [position_row_json...] (with `mirror`,
/// then the colour-reversed position's, each with "mirrored": true), "top_games":
/// [position_row_json...] and, with `legal`, "legal" (legal_moves_json).
nlohmann::json explorer_json(const rules::Position& pos, const ExplorerAnswer& answer,
                             bool mirror, std::size_t max_moves, bool legal);

}  // namespace damdb::json
