#include "indexer/games/indexed_games.hpp"

#include <algorithm>

namespace damdb::indexer {

std::vector<db::GameId> indexed_games(const db::Database& db, db::TextIndex index,
                                      std::vector<std::string> keys) {
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<db::GameId> ids;
  for (const std::string& key : keys)
    db.scan_index(index, key + '\0', [&](const db::TextIndexKey& k) {
      ids.push_back(k.game);
      return true;
    });
  // One key's ids come in ascending order already (the index key ends with the id).
  if (!std::is_sorted(ids.begin(), ids.end())) std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

}  // namespace damdb::indexer
