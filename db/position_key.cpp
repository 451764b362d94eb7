#include "db/position_key.hpp"

#include <string>

#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {

void PositionKey::encode(std::string& out) const {
  put_be64(out, zobrist);
  put_be32(out, check);
}

PositionKey PositionKey::decode(std::string_view bytes) {
  if (bytes.size() < encoded_size)
    throw Error(ErrorKind::Corruption, "position key of " + std::to_string(bytes.size()) +
                                           " bytes (expected at least 12)");
  return PositionKey{get_be64(bytes.data()), get_be32(bytes.data() + 8)};
}

}  // namespace damdb::db
