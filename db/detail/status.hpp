#pragma once
// Internal to db/: a RocksDB status as a damdb error.

#include <rocksdb/status.h>

#include <string>

namespace damdb::db::detail {

/// Does nothing for an OK status; otherwise raises Error of the matching kind (NoSpace,
/// NotFound, Corruption, InvalidArgument for invalid or unsupported requests, Io for the rest)
/// with `what` (the operation and the folder) and RocksDB's message.
void check(const rocksdb::Status& s, const std::string& what);

}  // namespace damdb::db::detail
