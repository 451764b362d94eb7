// The games whose result the replay questioned, kept beside the database (db/SCHEMA.md, "Files
// beside RocksDB") so that an event's table (event_table) marks them from the games' headers
// without reading their full records: one derived file, result-warnings.cache, written by an
// import for the state it leaves (from the file of the state before and the games it stored or
// replaced; by reading every record when there was none).
//   file := "damdb-result-warnings 1\n" | string stamp (database_stamp) | varint n
//           | n x (varint id - previous id, byte flags)   -- ascending ids, flags != 0
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"

namespace damdb::indexer {

inline constexpr const char* kResultWarningsFileName = "result-warnings.cache";

/// The flags of a game: its final position contradicts its result (a side with no move left has
/// lost: pdn::IssueKind::ResultContradicted), its Result tag and its movetext's result disagree
/// (pdn::IssueKind::ResultMismatch).
inline constexpr std::uint8_t kResultContradicted = 1;
inline constexpr std::uint8_t kResultMismatch = 2;

/// The flags of a record's issue kinds (db::GameRecord::issue_kinds).
std::uint8_t result_warning_flags(std::uint64_t issue_kinds);

/// The flags of each of `ids` (ascending, each once) as kept for the current state of `db` (0 for
/// a game without either warning), read in one pass over the file without holding it whole; nullopt
/// when no file is kept for that state (missing, damaged, written for another state). Throws
/// db::Error from the database.
std::optional<std::vector<std::uint8_t>> kept_result_warnings(const db::Database& db,
                                                              std::span<const db::GameId> ids);

/// Writes the file for the current state of `db`: the file kept for the state `before` (its
/// stamp, database_stamp) with `changes` applied (games stored or replaced since: their flags,
/// 0 clearing a game), or, when no file was kept for `before`, the flags of every stored record
/// (one pass over the games). A failure to write leaves no file. Throws db::Error from the
/// database.
void keep_result_warnings(const db::Database& db, const std::string& before,
                          std::span<const std::pair<db::GameId, std::uint8_t>> changes);

}  // namespace damdb::indexer
