#include "db/error.hpp"

namespace damdb::db {

const char* to_string(ErrorKind kind) noexcept {
  switch (kind) {
    case ErrorKind::not_found: return "not found";
    case ErrorKind::corruption: return "corruption";
    case ErrorKind::io: return "I/O error";
    case ErrorKind::invalid_argument: return "invalid argument";
    case ErrorKind::no_space: return "no space";
  }
  return "unknown error";
}

Error::Error(ErrorKind kind, const std::string& message)
    : std::runtime_error(std::string(to_string(kind)) + ": " + message), kind_(kind) {}

}  // namespace damdb::db
