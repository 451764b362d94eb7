#include "server/database_watcher.hpp"

#include <algorithm>
#include <vector>

namespace damdb::server {

namespace fs = std::filesystem;

std::string folder_state(const fs::path& folder) {
  std::vector<std::string> files;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name != "CURRENT" && !name.starts_with("MANIFEST-") && !name.ends_with(".log")) continue;
    std::error_code size_ec, time_ec;
    const auto size = fs::file_size(it->path(), size_ec);
    const auto time = fs::last_write_time(it->path(), time_ec);
    if (size_ec || time_ec) continue;  // removed meanwhile
    files.push_back(name + ' ' + std::to_string(size) + ' ' +
                    std::to_string(time.time_since_epoch().count()));
  }
  if (ec) return {};
  std::sort(files.begin(), files.end());
  std::string state;
  for (const std::string& f : files) state += f + '\n';
  return state;
}

DatabaseWatcher::DatabaseWatcher(fs::path folder, std::chrono::milliseconds interval,
                                 std::function<bool()> changed)
    : folder_(std::move(folder)), interval_(interval), changed_(std::move(changed)),
      state_(folder_state(folder_)) {
  thread_ = std::thread([this] { watch(); });
}

DatabaseWatcher::~DatabaseWatcher() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

bool DatabaseWatcher::wait() {
  std::unique_lock lock(mutex_);
  return !wake_.wait_for(lock, interval_, [this] { return stop_; });
}

void DatabaseWatcher::watch() {
  while (wait()) {
    std::string now = folder_state(folder_);
    if (now.empty() || now == state_) continue;
    if (changed_()) state_ = std::move(now);
  }
}

}  // namespace damdb::server
