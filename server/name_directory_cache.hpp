// The player and event names of the database a server answers from (indexer::NameDirectory:
// every spelling and the merges of `stats players` / `stats events`), read on the first request
// with a player or event filter and kept while that database view is served: reading them
// reads every game header (seconds on a million games), which each such request paid before.
#pragma once

#include <memory>
#include <mutex>

#include "db/database.hpp"
#include "indexer/names/name_directory.hpp"

namespace damdb::server {

class NameDirectoryCache {
 public:
  /// The names of `database` (which must outlive this object and not change meanwhile; the
  /// server serves a new database view, with a new cache, after each import).
  explicit NameDirectoryCache(const db::Database& database) : db_(database) {}

  /// NameDirectory::of(database), read by the first caller while the others wait (a failure,
  /// db::Error or a bad player-overrides.txt, is raised and not kept).
  std::shared_ptr<const indexer::NameDirectory> get() const;

 private:
  const db::Database& db_;
  mutable std::mutex mutex_;
  mutable std::shared_ptr<const indexer::NameDirectory> directory_;
};

}  // namespace damdb::server
