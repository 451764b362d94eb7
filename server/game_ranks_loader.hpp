// The ranks of every game of the database a server answers from (indexer::GameRanks: date,
// result, status and length, 8 bytes a game), read in a thread of their own as soon as the
// database view is served (mapped from the import's cache file at once, or read from the
// headers: about a second a million games): until they are read requests read headers as
// without ranks, with the same answers; afterwards the explorer orders the games of a popular
// position without reading a header for each.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "db/database.hpp"
#include "indexer/games/game_ranks.hpp"

namespace damdb::server {

class GameRanksLoader {
 public:
  /// Starts reading the ranks of `database` (which must outlive this object and not change
  /// meanwhile). A failure to read them is printed on stderr; requests then read headers.
  explicit GameRanksLoader(const db::Database& database);
  /// Stops the reading if it is still under way and waits for its thread.
  ~GameRanksLoader();
  GameRanksLoader(const GameRanksLoader&) = delete;
  GameRanksLoader& operator=(const GameRanksLoader&) = delete;

  /// The ranks, or nullptr while they are being read (or could not be).
  std::shared_ptr<const indexer::GameRanks> get() const;
  /// Waits until the reading has ended, then get() (for tests and measurements).
  std::shared_ptr<const indexer::GameRanks> wait() const;

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable ended_;
  std::shared_ptr<const indexer::GameRanks> ranks_;
  bool done_ = false;  ///< the reading has ended (ranks_ may still be null)
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace damdb::server
