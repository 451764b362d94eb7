// The stored result of a game (db::GameResult, the database's byte) in the game's own words:
// its meaning and its text are pdn::Outcome's (pdn/result.hpp), the one home of the result;
// and the points and scores of stored results counted (db::ResultCounts, db::SideResults).
#pragma once

#include <cstdint>

#include "db/game_result.hpp"
#include "db/result_counts.hpp"
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

/// The side's FMJD points (pdn::result_points: 2 per win, 1 per draw).
std::uint64_t result_points(const db::SideResults& side);

/// The side's score in percent of the maximum over its games with a known result
/// (pdn::score_percent; 0 when none has one).
double score_percent(const db::SideResults& side);

/// White's score in percent over the games with a known result (score_percent of White's side).
double white_score(const db::ResultCounts& counts);

}  // namespace damdb::indexer
