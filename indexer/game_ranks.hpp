// What orders the games of a position in an answer (newest first, the explorer's top games),
// for every stored game, held in memory: 8 bytes a game, so that a server orders the thousands
// of games of a popular position without reading a header for each.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "db/database.hpp"

namespace damdb::indexer {

/// The fields of a game's header that order it among the games of a position.
struct GameRank {
  std::uint32_t date = 0;   ///< YYYYMMDD of the normalised date (game_date), unknown month or
                            ///< day 0; 0 when the year is unknown (unknown dates order last)
  std::uint16_t plies = 0;  ///< plies of the stored legal prefix (a game stores at most 65,535)
  db::GameResult result = db::GameResult::Unknown;
  db::ValidationStatus status = db::ValidationStatus::Valid;

  /// The rank of a stored header.
  static GameRank of(const db::GameHeader& header);
};
static_assert(sizeof(GameRank) == 8);

/// The GameRank of every game stored in one database view (a read-only open), by id.
class GameRanks {
 public:
  /// Reads every header of `db` (one forward scan of the game_headers column family). Returns
  /// nullptr when `stop` becomes true during the scan. Raises db::Error from the scan.
  static std::shared_ptr<const GameRanks> read(const db::Database& db,
                                               const std::atomic<bool>* stop = nullptr);

  /// The rank of game `id`, or nullptr when no such game was stored when read() scanned.
  const GameRank* find(db::GameId id) const {
    const std::size_t i = id.value;
    return i < ranks_.size() && ranks_[i].status != kAbsent ? &ranks_[i] : nullptr;
  }
  /// Number of games held.
  std::size_t size() const { return games_; }

 private:
  /// The status of an id without a stored game (one array, so a lookup touches one cache line).
  static constexpr auto kAbsent = static_cast<db::ValidationStatus>(0xFF);
  std::vector<GameRank> ranks_;  ///< by id value (index 0 unused)
  std::size_t games_ = 0;
};

}  // namespace damdb::indexer
