#include "db/detail/status.hpp"

#include "db/error.hpp"

namespace damdb::db::detail {

void check(const rocksdb::Status& s, const std::string& what) {
  if (s.ok()) return;
  ErrorKind kind = ErrorKind::Io;
  if (s.IsNoSpace()) kind = ErrorKind::NoSpace;
  else if (s.IsNotFound() || s.IsPathNotFound()) kind = ErrorKind::NotFound;
  else if (s.IsCorruption()) kind = ErrorKind::Corruption;
  else if (s.IsInvalidArgument() || s.IsNotSupported()) kind = ErrorKind::InvalidArgument;
  throw Error(kind, what + ": " + s.ToString());
}

}  // namespace damdb::db::detail
