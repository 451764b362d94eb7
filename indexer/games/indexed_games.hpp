// The games a text index (players, events) holds under a set of keys.
#pragma once

#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/game_id.hpp"
#include "db/text_index.hpp"

namespace damdb::indexer {

/// The ids of the games stored in `index` under any of `keys` (keys as the index writes them:
/// player_key, fold_text), ascending, each once. A key shared by two spellings gives the games
/// of both: callers that need one spelling check the headers. Throws db::Error from the database.
std::vector<db::GameId> indexed_games(const db::Database& db, db::TextIndex index,
                                      std::vector<std::string> keys);

}  // namespace damdb::indexer
