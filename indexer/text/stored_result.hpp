// The stored result of a game (db::GameResult, the database's byte) in the game's own words:
// its meaning and its text are pdn::Outcome's (pdn/result.hpp), the one home of the result.
#pragma once

#include "db/game_result.hpp"
#include "pdn/game.hpp"

namespace damdb::indexer {

/// The byte the database stores for `outcome`: a win, a draw or Unknown (for '*' and for an
/// unfinished game, 0-0, which has no winner to count).
db::GameResult stored_result(pdn::Outcome outcome);

/// The outcome a stored result stands for (Unknown for db::GameResult::Unknown).
pdn::Outcome outcome_of(db::GameResult result);

/// The stored result as PDN 3.0 writes it for International draughts: "2-0", "1-1", "0-2" or
/// "*" (pdn::result_text).
const char* result_text(db::GameResult result);

}  // namespace damdb::indexer
