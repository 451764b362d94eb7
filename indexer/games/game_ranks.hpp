// What orders the games of a position in an answer (newest first, the explorer's top games),
// for every stored game: 8 bytes a game, so that the thousands of games of a popular position
// are ordered without reading a header for each. Read from the headers (a server, at start),
// or mapped from the cache file an import leaves beside the database (a one-query command).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"

namespace damdb::indexer {

class MappedFile;

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
///
/// The cache file (kCacheFileName, indexer/text/cache_file.hpp), little-endian:
///   "damdb-ranks 1\n" | string stamp (database_stamp) | varint end | zero bytes up to a
///   multiple of 8 | end x record (ids 0 .. end - 1) | u64 games
///   record := u32 date | u16 plies | byte result (GameResult) | byte status (ValidationStatus;
///             0xFF: no game of that id)
class GameRanks {
 public:
  GameRanks() = default;
  GameRanks(const GameRanks&) = delete;  // records_ may point into the object's own bytes_
  GameRanks& operator=(const GameRanks&) = delete;

  /// The ranks of `db`'s games: the cache file read into memory when it was written for `db`'s
  /// state (a long-lived reader, such as a server, is then not affected by later changes of
  /// the file), else read_headers().
  static std::shared_ptr<const GameRanks> read(const db::Database& db,
                                               const std::atomic<bool>* stop = nullptr);
  /// The ranks mapped from the cache file when it was written for `db`'s state, else nullptr
  /// (without reading any header): what a one-query command can afford (the file must not be
  /// truncated in place meanwhile: the import replaces it by a rename). Raises db::Error from
  /// the reads of the state.
  static std::shared_ptr<const GameRanks> read_stored(const db::Database& db);
  /// The same when the state's stamp (database_stamp) is already known.
  static std::shared_ptr<const GameRanks> read_stored(const db::Database& db,
                                                      std::string_view stamp);
  /// The ranks read from every header (one forward scan of game_headers), without the cache
  /// file; nullptr when `stop` becomes true during the scan. Raises db::Error from the scan.
  static std::shared_ptr<const GameRanks> read_headers(const db::Database& db,
                                                       const std::atomic<bool>* stop = nullptr);
  static constexpr const char* kCacheFileName = "ranks.cache";

  /// The rank of game `id`, or none when no such game was stored in the state read.
  std::optional<GameRank> find(db::GameId id) const {
    if (records_ != nullptr) return id.value < end_ ? decode(records_ + 8 * std::size_t{id.value})
                                                    : std::nullopt;
    const std::size_t i = id.value;
    if (i < ranks_.size() && ranks_[i].status != kAbsent) return ranks_[i];
    return std::nullopt;
  }
  /// Number of games held.
  std::size_t size() const { return games_; }

  /// The status of an id without a stored game.
  static constexpr auto kAbsent = static_cast<db::ValidationStatus>(0xFF);

 private:
  /// The rank of a file record, none for an id without a game.
  static std::optional<GameRank> decode(const char* record);
  /// Takes the records of the cache file `bytes` (which must outlive this object) when it was
  /// written for `stamp`; false when it is another state's or not such a file.
  bool attach(std::string_view bytes, std::string_view stamp);

  std::vector<GameRank> ranks_;  ///< read from the headers, by id value (index 0 unused)
  std::shared_ptr<const MappedFile> file_;  ///< or the cache file, mapped
  std::string bytes_;                       ///< or read into memory:
  const char* records_ = nullptr;           ///< its records (id 0 first)
  std::uint32_t end_ = 0;                   ///< ids below end_ have a record
  std::size_t games_ = 0;
};

/// Which blocks of kRankBlockGames ids hold a stored game whose header an import rewrote (a
/// copy added a source or replaced it): their records are read again from the headers.
class ChangedRanks {
 public:
  static constexpr std::uint32_t kRankBlockGames = 4096;
  /// Notes that the header of game `id` changed.
  void add(db::GameId id);
  /// Whether block `block` (ids block * kRankBlockGames ...) holds a game given to add().
  bool holds(std::size_t block) const { return block < blocks_.size() && blocks_[block]; }

 private:
  std::vector<bool> blocks_;
};

/// The ranks an import starts from: the cache file valid for the database before the import's
/// first commit (nullptr when there is none), and the next game id then.
struct StoredRanks {
  std::shared_ptr<const GameRanks> ranks;
  db::GameId end;
  /// The stored ranks of `db` now. Raises db::Error from the reads.
  static StoredRanks of(const db::Database& db);
};

/// Writes the cache file of `db`'s ranks after an import: the records of `before` where it has
/// them and no header changed (`changed`), the others read from the headers (all of them when
/// `before` has no ranks). One block of records in memory at a time; a file that cannot be
/// written is left out (queries then read headers). Raises db::Error from the reads.
void write_game_ranks(const db::Database& db, const StoredRanks& before,
                      const ChangedRanks& changed);

}  // namespace damdb::indexer
