// Answers kept in memory so that a popular request (the explorer at a position reached by many
// games, the info, a player table) is computed once per database state: keyed by the request's
// path and its decoded parameters, bounded in bytes (oldest entries dropped first), emptied
// whenever the database the server follows changes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/parameters.hpp"
#include "server/response.hpp"

namespace damdb::server {

class ResponseCache {
 public:
  /// A cache of at most `max_bytes` of answers (key and body bytes); an answer of more than
  /// max_bytes / 16 is never kept. max_bytes 0: nothing is kept.
  explicit ResponseCache(std::size_t max_bytes);

  /// The cache key of GET `path` with `params` (the map is ordered, so the key is too).
  static std::string key(std::string_view path, const ParameterMap& params);

  /// The state of the cache to pass to put(): answers computed before a clear() are not kept.
  std::uint64_t generation() const;
  /// The answer kept under `key`, or nullptr.
  std::shared_ptr<const Response> find(const std::string& key) const;
  /// Keeps `answer` under `key` unless clear() was called since `generation` was read (the
  /// answer may then describe the old database) or it is too large.
  void put(std::string key, std::shared_ptr<const Response> answer, std::uint64_t generation);
  /// Drops every answer (the database changed).
  void clear();

  std::size_t bytes() const;
  std::size_t size() const;

 private:
  static std::size_t cost(const std::string& key, const Response& answer);

  const std::size_t max_bytes_;
  mutable std::shared_mutex mutex_;  ///< shared by readers: a hit never waits for another hit
  std::unordered_map<std::string, std::shared_ptr<const Response>> answers_;
  std::deque<std::string> order_;  ///< keys, oldest first
  std::size_t bytes_ = 0;
  std::uint64_t generation_ = 0;
};

}  // namespace damdb::server
