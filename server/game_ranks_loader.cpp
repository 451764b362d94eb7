#include "server/game_ranks_loader.hpp"

#include <cstdio>

#include <exception>

namespace damdb::server {

GameRanksLoader::GameRanksLoader(const db::Database& database)
    : thread_([this, &database] {
        std::shared_ptr<const indexer::GameRanks> ranks;
        try {
          ranks = indexer::GameRanks::read(database, &stop_);
        } catch (const std::exception& e) {  // db::Error, or no memory
          std::fprintf(stderr, "damdb serve: reading the games' dates and results: %s\n",
                       e.what());
        }
        const std::lock_guard lock(mutex_);
        ranks_ = std::move(ranks);
        done_ = true;
        ended_.notify_all();
      }) {}

GameRanksLoader::~GameRanksLoader() {
  stop_ = true;
  thread_.join();
}

std::shared_ptr<const indexer::GameRanks> GameRanksLoader::get() const {
  const std::lock_guard lock(mutex_);
  return ranks_;
}

std::shared_ptr<const indexer::GameRanks> GameRanksLoader::wait() const {
  std::unique_lock lock(mutex_);
  ended_.wait(lock, [this] { return done_; });
  return ranks_;
}

}  // namespace damdb::server
