#include "db/error.hpp"

namespace damdb::db {

const char* to_string(ErrorKind kind) noexcept {
  switch (kind) {
    case ErrorKind::NotFound: return "not found";
    case ErrorKind::Corruption: return "corruption";
    case ErrorKind::Io: return "I/O error";
    case ErrorKind::InvalidArgument: return "invalid argument";
    case ErrorKind::NoSpace: return "no space";
  }
  return "unknown error";
}

Error::Error(ErrorKind kind, const std::string& message)
    : std::runtime_error(std::string(to_string(kind)) + ": " + message), kind_(kind) {}

}  // namespace damdb::db
