// A game row (id, players, event, date, round, result) as table columns and as JSON, shared by
// `damdb query position` and `damdb games`.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/table.hpp"
#include "indexer/query.hpp"

namespace damdb::cli {

/// A table with the game-row columns id, white, black, event, date, round, result (tag columns
/// cut at kTagColumnWidth); the caller adds its own columns after them.
Table game_row_table();

/// The cells of game_row_table()'s columns for `row`.
std::vector<std::string> game_row_cells(const indexer::GameRow& row);

/// {"id", "white", "black", "event", "date", "round", "result"} of `row`.
nlohmann::json game_row_json(const indexer::GameRow& row);

}  // namespace damdb::cli
