// The players' records kept beside the database (db/SCHEMA.md, "Files beside RocksDB"): one
// derived file, players.cache, written after an import for the state it was built for, holding
// each player's record as bytes under the player's identity (NameDirectory::player_of), so
// that `damdb player` reads one record instead of the player's games.
//   file := "damdb-players 1\n" | string stamp | varint n | n x (varint identity, varint size)
//           | the n records' bytes, in that order
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"

namespace damdb::indexer {

inline constexpr const char* kPlayerRecordsFileName = "players.cache";

/// The state of `db` the file is valid for: the names' state (NameDirectory::stamp_of: the
/// database and the overrides file) and the near-duplicate marks (they decide which games
/// count). Throws db::Error from the database, OverridesError for a bad overrides file.
std::string player_records_stamp(const db::Database& db);

/// Writes the file of `records` (identity, bytes; ascending identities) for `stamp`; a failure
/// leaves no file behind and is otherwise ignored.
void write_player_records_file(const db::Database& db, const std::string& stamp,
                               const std::vector<std::pair<std::uint32_t, std::string>>& records);

/// What the file holds for one player: `current` when it exists, is whole and was written for
/// the stamp given; then `bytes` of the player (nullopt when the file has no such player).
struct KeptPlayerRecord {
  bool current = false;
  std::optional<std::string> bytes;
};

/// The bytes kept for `identity` in the file written for `stamp` (see KeptPlayerRecord).
KeptPlayerRecord read_player_record_bytes(const db::Database& db, const std::string& stamp,
                                          std::uint32_t identity);

/// Every record of the file written for `stamp` (identity, bytes; as written), or nullopt when
/// the file is missing, damaged or was written for another state.
std::optional<std::vector<std::pair<std::uint32_t, std::string>>> read_player_records(
    const db::Database& db, const std::string& stamp);

}  // namespace damdb::indexer
