#pragma once
// Internal to db/: RocksDB slices and string views of the same bytes, and 4-byte big-endian keys.

#include <rocksdb/slice.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "db/varint.hpp"

namespace damdb::db::detail {

inline rocksdb::Slice slice(std::string_view s) { return rocksdb::Slice(s.data(), s.size()); }
inline std::string_view view(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

/// `v` as 4 big-endian bytes (game ids, run ids: keys that sort as the numbers do).
inline std::string be32(std::uint32_t v) {
  std::string s;
  put_be32(s, v);
  return s;
}

}  // namespace damdb::db::detail
