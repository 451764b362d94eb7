// "Newest first" over a set of games: by the game's date (later first), unknown dates last, the
// later imported first on a tie. newest_games finds the first few of a large set from the dates
// index (read from its latest date down) and reads only the headers of the games it meets there,
// where ordering the set otherwise reads the header of every game in it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "db/database.hpp"

namespace damdb::indexer {

/// The game's date as a number YYYYMMDD for ordering: an unknown month or day (a '?' part)
/// counts as 0; 0 when the year is unknown, so that unknown dates come last.
std::uint32_t date_rank(const db::GameHeader& game);

/// A game and its date_rank.
struct RankedGame {
  db::GameId id;
  std::uint32_t date = 0;
};

/// The first `count` of `games` (ascending ids, each once) in newest-first order: date_rank
/// descending, then id descending. Scans the dates index from its latest key down, reading the
/// header of each game of `games` met there, and stops once no key left can hold a game as new
/// as the count-th found; games it never met have no known date (rank 0, listed by id). Returns
/// nullopt when that would cost more than reading every header of `games` (a small set, or a
/// scan longer than a few dozen keys per game of the set): the caller orders by headers then.
/// Relies on the dates index holding the date of every stored game's header (import writes the
/// date key of every copy, the stored one included). Throws db::Error from the database.
std::optional<std::vector<RankedGame>> newest_games(const db::Database& db,
                                                    std::span<const db::GameId> games,
                                                    std::size_t count);

}  // namespace damdb::indexer
