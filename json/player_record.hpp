// JSON of a player's record (`damdb player NAME --json`, the API's /api/player).
#pragma once

#include <nlohmann/json.hpp>

#include "indexer/stats/player_record.hpp"

namespace damdb::json {

/// {"name", "scoring", "spellings": [{"name", "games"}], tally (tally_json with "points"),
/// "white": tally,
/// "black": tally, "first_date", "last_date", "by_year": [{tally, "year"}], "opponents":
/// [{tally, "name", "white", "black"}], "events": [{tally, "name", "spellings", "first_date",
/// "last_date", "place" (null without a table), "players", "table_points"}], "openings":
/// {"plies", "from_setup", "undecodable", "white": node, "black": node} with node = {tally,
/// "move", "explorer": {"line": "32-28 18-23" (the moves from the initial position to it),
/// "player": name} (the explorer page's filter that opens it), "children": [node]}, "longest" and "shortest": [{"id",
/// "white", "black", "event", "date", "result", "plies"}], "without_result": [ids]}.
nlohmann::json player_record_json(const indexer::PlayerRecord& r);

}  // namespace damdb::json
