#include "server/response_cache.hpp"

namespace damdb::server {

ResponseCache::ResponseCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}

std::string ResponseCache::key(std::string_view path, const ParameterMap& params) {
  std::string k(path);
  for (const auto& [name, value] : params) {
    // Each name and value after its length: a value holding "\0" and "b=2" cannot pass
    // for a second parameter.
    k += '\0';
    k += std::to_string(name.size());
    k += ':';
    k += name;
    k += std::to_string(value.size());
    k += ':';
    k += value;
  }
  return k;
}

std::size_t ResponseCache::cost(const std::string& key, const Response& answer) {
  return key.size() + answer.body.size() + answer.content_type.size() + 64;
}

std::uint64_t ResponseCache::generation() const {
  const std::shared_lock lock(mutex_);
  return generation_;
}

std::shared_ptr<const Response> ResponseCache::find(const std::string& key) const {
  const std::shared_lock lock(mutex_);
  const auto it = answers_.find(key);
  return it == answers_.end() ? nullptr : it->second;
}

void ResponseCache::put(std::string key, std::shared_ptr<const Response> answer,
                        std::uint64_t generation) {
  const std::size_t size = cost(key, *answer);
  if (size > max_bytes_ / 16) return;
  const std::unique_lock lock(mutex_);
  if (generation != generation_) return;
  const auto [it, added] = answers_.try_emplace(key, std::move(answer));
  if (!added) return;  // computed twice at once: the first is kept
  bytes_ += size;
  order_.push_back(std::move(key));
  while (bytes_ > max_bytes_ && !order_.empty()) {
    const auto oldest = answers_.find(order_.front());
    bytes_ -= cost(oldest->first, *oldest->second);
    answers_.erase(oldest);
    order_.pop_front();
  }
}

void ResponseCache::clear() {
  const std::unique_lock lock(mutex_);
  ++generation_;
  answers_.clear();
  order_.clear();
  bytes_ = 0;
}

std::size_t ResponseCache::bytes() const {
  const std::shared_lock lock(mutex_);
  return bytes_;
}

std::size_t ResponseCache::size() const {
  const std::shared_lock lock(mutex_);
  return answers_.size();
}

}  // namespace damdb::server
