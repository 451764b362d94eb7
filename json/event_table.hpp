// JSON of an event's table (`damdb event EVENT --json`).
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/stats/event_table.hpp"

namespace damdb::json {

/// {"event": [spellings], "games", "points", "scoring", "tie_breaks", "players": [{"name",
/// "spellings"}], "standings": [{"place", "player", "name", "games", "wins", "draws", "losses",
/// "unknown", "points", "sonneborn_berger", "resistance"}], "crosstable": [[[{"id", "points"
/// (null without a result), "white", "round"}]]] (row player, column player: indexes into
/// "players"), "rounds", "match", "running": [{"id", "round", "white", "result", "score":
/// [first, second]}], "without_result", "contradicted", "result_mismatch", "left_out", "repeated_pairs": [{"players": [a, b],
/// "games"}], "missing": [{"round", "player"}]}.
nlohmann::json event_table_json(const indexer::EventTableReport& r);

}  // namespace damdb::json
