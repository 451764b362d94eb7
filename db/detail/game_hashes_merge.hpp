#pragma once
// Internal to db/: the merge operator of the game_hashes column family, which adds a game to
// the list of the stored games of a content hash (or changes one game's identity) without
// rewriting the list: a short line that many games share, read again batch after batch, was
// rewritten whole by every batch that added one game to it.

#include <memory>

namespace rocksdb {
class MergeOperator;
}

namespace damdb::db::detail {

/// A merge operator named "damdb.SameMovesGamesUpdate": the existing value (if any) and each
/// operand are SameMovesGames values; the result is the existing list updated with each
/// operand in order (SameMovesGames::update: an entry replaces the entry of its game or joins
/// the list). Updating with A then B equals updating with A updated by B, so partial merges
/// are valid. A malformed value or operand makes the merge fail, which RocksDB reports as a
/// corruption status.
std::shared_ptr<rocksdb::MergeOperator> make_same_moves_games_update();

}  // namespace damdb::db::detail
