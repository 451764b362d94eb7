#pragma once
// Internal to db/: the merge operator of the positions column family (joins PositionEntry
// values: statistics summed per move code, posting lists merged).

#include <memory>

namespace rocksdb {
class MergeOperator;
}

namespace damdb::db::detail {

/// A merge operator whose operands and results share one layout (so RocksDB may also merge
/// operands partially, in any grouping) named "damdb.PositionEntryMerge". A malformed operand makes the merge fail, which
/// RocksDB reports as a corruption status.
std::shared_ptr<rocksdb::MergeOperator> make_position_entry_merge();

}  // namespace damdb::db::detail
