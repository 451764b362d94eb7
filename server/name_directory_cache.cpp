#include "server/name_directory_cache.hpp"

namespace damdb::server {

std::shared_ptr<const indexer::NameDirectory> NameDirectoryCache::get() const {
  const std::lock_guard lock(mutex_);
  if (!directory_) directory_ = indexer::NameDirectory::of(db_);
  return directory_;
}

}  // namespace damdb::server
