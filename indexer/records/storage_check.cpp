#include "indexer/records/storage_check.hpp"

namespace damdb::indexer {

StorageCheck check_storage(const db::Database& database) {
  StorageCheck check;
  check.database = database.folder().string();
  database.for_each_readable_game(
      [&](db::GameId, const db::GameRecord&) { return ++check.readable, true; },
      [&](const db::DamagedGame& d) { check.damaged.push_back(d); });
  check.game_files = database.info().game_files;
  return check;
}

}  // namespace damdb::indexer
