// Which stored games can be read: every game record read once, the damaged ones listed with
// the reason (`damdb check`). Its JSON: json/storage_check.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/database.hpp"

namespace damdb::indexer {

/// What reading every stored game record found.
struct StorageCheck {
  std::string database;                 ///< the database folder
  std::vector<std::string> game_files;  ///< the storage files holding the game records
  std::uint64_t readable = 0;           ///< games that read and decode
  std::vector<db::DamagedGame> damaged;  ///< games that do not, with the reason, in id order
};

/// Reads every stored game of `database` (db::Database::for_each_readable_game). Throws
/// db::Error for a failure other than a damaged game.
StorageCheck check_storage(const db::Database& database);

}  // namespace damdb::indexer
