#pragma once
// Internal to db/: the merge operator of the games column family, which appends further
// sources to a stored game record without rewriting it (a game read many times over an import
// would otherwise be rewritten once per batch, with its whole source list).

#include <memory>

namespace rocksdb {
class MergeOperator;
}

namespace damdb::db::detail {

/// A merge operator named "damdb.GameSourcesAppend": the existing value is a GameRecord
/// value, each operand a list of sources (GameRecord::encode_sources); the result is the
/// record with the operands' sources appended in order. Operands concatenate, so partial
/// merges are valid. A malformed value or operand, or operands without a record, make the
/// merge fail, which RocksDB reports as a corruption status.
std::shared_ptr<rocksdb::MergeOperator> make_game_sources_append();

}  // namespace damdb::db::detail
