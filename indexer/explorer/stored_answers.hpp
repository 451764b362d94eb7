// The derived files beside a database that spare a position query work, loaded when they are
// valid for the database's state.
#pragma once

#include <memory>

#include "db/database.hpp"
#include "indexer/games/game_filter.hpp"
#include "indexer/games/game_ranks.hpp"
#include "indexer/explorer/popular_positions.hpp"

namespace damdb::indexer {

/// ranks.cache (the games' dates, which order the games without a header read each; used
/// without filter criteria or with a --player whose index entries are exactly its games) and,
/// without filter criteria, popular.cache; each null when absent or written for another state.
struct StoredAnswers {
  std::shared_ptr<const GameRanks> ranks;
  std::shared_ptr<const PopularPositions> popular;
};

/// The stored answers of `db` that a query with `filter` may use (the database's stamp is read
/// only when one of the files exists). Throws db::Error from the database.
StoredAnswers stored_answers(const db::Database& db, const GameFilter& filter);

}  // namespace damdb::indexer
