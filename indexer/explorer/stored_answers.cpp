#include "indexer/explorer/stored_answers.hpp"

#include <filesystem>

#include "indexer/text/cache_file.hpp"

namespace damdb::indexer {

StoredAnswers stored_answers(const db::Database& db, const GameFilter& filter) {
  std::error_code ec;
  const bool ranks = std::filesystem::exists(db.folder() / GameRanks::kCacheFileName, ec);
  const bool popular =
      filter.empty() && std::filesystem::exists(db.folder() / PopularPositions::kCacheFileName, ec);
  if (!ranks && !popular) return {};  // the stamp's reads are spared
  const std::string stamp = database_stamp(db);
  return {ranks ? GameRanks::read_stored(db, stamp) : nullptr,
          popular ? PopularPositions::read_stored(db, stamp) : nullptr};
}

}  // namespace damdb::indexer
