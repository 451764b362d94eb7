// A game row (id, players, event, date, round, result) as table columns, shared by
// `damdb query position`, `damdb games` and `damdb stats results` (its JSON: json/game_rows.hpp).
#pragma once

#include <string>
#include <vector>

#include "cli/table.hpp"
#include "indexer/explorer/query.hpp"

namespace damdb::cli {

/// A table with the game-row columns id, white, black, event, date, round, result (tag columns
/// cut at kTagColumnWidth); the caller adds its own columns after them.
Table game_row_table();

/// The cells of game_row_table()'s columns for `row`.
std::vector<std::string> game_row_cells(const indexer::GameRow& row);

}  // namespace damdb::cli
