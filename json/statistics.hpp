// JSON of the statistics reports (`damdb stats ... --json`, the API's /api/stats/...).
// Percentages are rounded to one decimal and null when no game has a known result.
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/stats/statistics.hpp"

namespace damdb::json {

/// {"games", "wins", "draws", "losses", "unknown", "score"} of one side's tally (score: null
/// when no game has a known result).
nlohmann::json tally_json(const db::SideResults& t);

/// [{"id", "white", "black", "event", "date", "result", "plies"}] of games listed by length
/// (GameRow::ply = the game's plies).
nlohmann::json game_lengths_json(const std::vector<indexer::GameRow>& rows);

/// {"games", "players", "rows": [{"games", "wins", "draws", "losses", "unknown", "score",
/// "name", "key", "white": {tally}, "black": {tally}, "first_date", "last_date"}], "merges":
/// [{"name", "spellings": [{"name", "games"}], "steps": [{"from", "to", "rule", "evidence",
/// "refused"}]}]}.
nlohmann::json players_json(const indexer::PlayerReport& r);

/// {"games", "events": [{"name", "first_date", "last_date", "games", "players", "decisive",
/// "known_results", "decisive_rate", "average_moves"}], "merges": [{"name", "spellings":
/// [{"name", "games"}], "evidence": [text]}]}.
nlohmann::json events_json(const indexer::EventReport& r);

/// {"games", "white_wins", "draws", "black_wins", "unknown", "white_score", "average_plies",
/// "average_moves", "by_year": [{counts..., "year"}], "longest": [{"id", "white", "black",
/// "event", "date", "result", "plies"}]}.
nlohmann::json results_json(const indexer::ResultReport& r);

/// {"plies", "games", "shorter", "from_setup", "undecodable", "sequences", "openings":
/// [{counts..., "moves", "movetext"}]}.
nlohmann::json openings_json(const indexer::OpeningReport& r);

}  // namespace damdb::json
