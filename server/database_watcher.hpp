// A thread that watches a database folder for commits of another process (`damdb import`
// beside a running server) and says when to open it again. A read-only RocksDB instance is a
// snapshot of its open; a secondary instance can follow a writer, but RocksDB 7.8's catch-up
// keeps memtables the writer has flushed meanwhile, and merge operands (the position index)
// then count twice after the writer closes and reopens (every import does), which reads as
// corruption. Opening read-only again after each change has no such failure.
#pragma once

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace damdb::server {

/// What changes in a RocksDB folder when a writer commits: the names, sizes and modification
/// times of CURRENT, the MANIFEST files and the write-ahead logs (*.log). "" when the folder
/// cannot be listed.
std::string folder_state(const std::filesystem::path& folder);

class DatabaseWatcher {
 public:
  /// Every `interval`, compares folder_state(folder) with the last one seen (the first is
  /// read here) and calls `changed` when it differs; `changed` returns false when it could not
  /// use the new state (it is then called again at the next interval).
  DatabaseWatcher(std::filesystem::path folder, std::chrono::milliseconds interval,
                  std::function<bool()> changed);
  /// Stops the thread (waits for a call of `changed` under way to end).
  ~DatabaseWatcher();
  DatabaseWatcher(const DatabaseWatcher&) = delete;
  DatabaseWatcher& operator=(const DatabaseWatcher&) = delete;

 private:
  void watch();
  /// Waits for the interval; false when stopped meanwhile.
  bool wait();

  const std::filesystem::path folder_;
  const std::chrono::milliseconds interval_;
  const std::function<bool()> changed_;
  std::string state_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace damdb::server
