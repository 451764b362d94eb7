#pragma once
// damdb::db::Error: the one exception type of the storage layer. Every rocksdb::Status that is
// not OK, and every malformed key or value met while decoding, becomes an Error with a kind.

#include <stdexcept>
#include <string>

namespace damdb::db {

/// What went wrong, coarse enough for a caller to choose an exit code or a message.
enum class ErrorKind {
  NotFound,         ///< the database folder (or a column family) does not exist
  Corruption,        ///< stored bytes do not decode (bad checksum, truncated value, bad varint)
  Io,                ///< the file system failed (permissions, disk full, lock held by a writer)
  InvalidArgument,  ///< the caller passed something the layer cannot store or do
  NoSpace,          ///< the disk is full, or too full for the next write (checked beforehand)
};

/// Returns "not found", "corruption", "I/O error", "invalid argument" or "no space".
const char* to_string(ErrorKind kind) noexcept;

/// Exception raised by every function of damdb::db on failure. what() is
/// "<kind>: <message>" and names the database folder or the key when known.
class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message);
  ErrorKind kind() const noexcept { return kind_; }

 private:
  ErrorKind kind_;
};

}  // namespace damdb::db
