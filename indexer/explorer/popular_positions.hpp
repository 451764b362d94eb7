// The positions reached by the most games, with what a query without filter reads of them: the
// statistics of the moves played there and the newest imported games. Their values in the
// `positions` family hold a posting for every game (a million at the start position of a
// large database) and are decompressed whole to read the statistics at their head; the cache
// file an import leaves beside the database keeps that head, so that a one-query command
// (`damdb query opening`, `query position`) reads a few hundred bytes instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "db/database.hpp"

namespace damdb::indexer {

/// One game of a popular position: its id and the first ply at which it reached the position.
struct NewestGame {
  db::GameId id;
  std::uint32_t ply = 0;
  friend bool operator==(const NewestGame&, const NewestGame&) = default;
};

/// What the cache holds of one position.
struct PopularPosition {
  db::PositionStats stats;       ///< as db::Database::position_stats gives them
  std::vector<NewestGame> newest;  ///< the newest imported games (descending ids), at most kNewestGames
};

/// The popular positions of one database state, read from the cache file (kCacheFileName,
/// see indexer/text/cache_file.hpp for the stamp and the atomic write):
///   "damdb-popular 3\n" | string stamp (database_stamp) | body | u64 LE cache_checksum(body)
///   body := varint n | n x (BE8 Zobrist key | BE4 check key | string record)
///   record := string stats (PositionStats layout) | varint m | m x (varint game id |
///             varint first ply)
/// The positions are those reached from the initial position by moves played in more than
/// kMinGames games (a position reached only through transpositions, or from a start FEN, is
/// not kept), the most popular first, kMaxPositions at most.
class PopularPositions {
 public:
  PopularPositions() = default;
  PopularPositions(const PopularPositions&) = delete;  // positions_ points into bytes_
  PopularPositions& operator=(const PopularPositions&) = delete;

  static constexpr const char* kCacheFileName = "popular.cache";
  /// A position is kept when more games than this reached it (its value then spans more than
  /// one 16 KB block of `positions`).
  static constexpr std::uint64_t kMinGames = 5000;
  static constexpr std::size_t kNewestGames = 64;
  static constexpr std::size_t kMaxPositions = 1024;

  /// The largest file read (1,024 positions take about 0.2 MB; a larger file is not one of
  /// ours).
  static constexpr std::uintmax_t kMaxFileBytes = 32 << 20;

  /// The positions of `db`'s cache file, read into memory (a later change of the file does not
  /// affect them), when it was written for the state `stamp` (database_stamp(db)) and its
  /// checksum holds, else nullptr. Raises nothing: a damaged file is not used.
  static std::shared_ptr<const PopularPositions> read_stored(const db::Database& db,
                                                             std::string_view stamp);
  /// The positions of the cache file `bytes` (taken) when it was written for `stamp` and its
  /// checksum holds, else nullptr.
  static std::shared_ptr<const PopularPositions> from_bytes(std::string bytes,
                                                            std::string_view stamp);

  /// What the file holds of `key`, or nullopt when it is not kept (or the file is malformed).
  std::optional<PopularPosition> find(const db::PositionKey& key) const;
  /// Number of positions held.
  std::size_t size() const { return count_; }

 private:
  std::string bytes_;           ///< the file
  std::string_view positions_;  ///< its n records
  std::size_t count_ = 0;
};

/// Writes the cache file of `db`'s popular positions (after an import's last write): a walk
/// from the initial position through the moves of more than kMinGames games, reading each
/// position's statistics and newest postings. A file that cannot be written is left out
/// (queries then read `positions`). Raises db::Error from the reads.
void write_popular_positions(const db::Database& db);

}  // namespace damdb::indexer
