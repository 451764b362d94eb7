#include "db/game_id.hpp"

#include <string>

#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db {

void GameId::encode(std::string& out) const { put_be32(out, value); }

GameId GameId::decode(std::string_view bytes) {
  if (bytes.size() != encoded_size)
    throw Error(ErrorKind::Corruption, "game id key of " + std::to_string(bytes.size()) +
                                           " bytes (expected 4)");
  return GameId{get_be32(bytes.data())};
}

}  // namespace damdb::db
