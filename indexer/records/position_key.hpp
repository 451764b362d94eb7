// The database key of a position (db::PositionKey: its Zobrist key and its check key), as the
// import stores it and the queries look it up.
#pragma once

#include "db/position_key.hpp"
#include "rules/position.hpp"

namespace damdb::indexer {

/// The database key of a position.
inline db::PositionKey position_key(const rules::Position& pos) {
  return {pos.key(), pos.check_key()};
}

}  // namespace damdb::indexer
