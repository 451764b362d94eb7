// JSON of stored games: a game row, a page of the game list, one game with its moves.
#pragma once

#include <cstddef>

#include <nlohmann/json.hpp>

#include "indexer/explorer/game_list.hpp"
#include "indexer/explorer/query.hpp"

namespace damdb::json {

/// {"id", "white", "black", "event", "date", "round", "result"} of `row`.
nlohmann::json game_row_json(const indexer::GameRow& row);

/// game_row_json plus "ply" (the ply at which the game reached the queried position).
nlohmann::json position_row_json(const indexer::GameRow& row);

/// The page of `damdb games --json`: {"games" (total), "offset", "results": [game_row_json +
/// "date_tag" (as written; "date" is the normalised date the filters use), "plies", "status",
/// "sources" (copies read)]}.
nlohmann::json game_listing_json(const indexer::GameListing& list, std::size_t offset);

/// A stored game as `damdb show ID --json` prints it (beside the shown position's fen and
/// diagram): {"id", "white", "black", "event", "date", "round", "result", "status",
/// "status_message", "issue_kinds", "sources" (game_sources_json), "tags": [[name, value]...],
/// "start_fen", "plies", "moves": [PDN...], "movetext", "ply", and "first_error": {"kind",
/// "ply"} for an invalid game}.
nlohmann::json game_view_json(const indexer::GameView& view);

/// Every copy read of the game, the stored copy first: [{"path", "game" (number in its file),
/// "first_line", "last_line", "byte_offset", "status", "stored", "differing_tags": {name:
/// value, or null when that copy lacks the tag}}].
nlohmann::json game_sources_json(const db::GameRecord& game);

}  // namespace damdb::json
