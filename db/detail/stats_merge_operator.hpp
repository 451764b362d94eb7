#pragma once
// Internal to db/: the merge operator of position_stats (sums PositionStats per move code).

#include <memory>

namespace rocksdb {
class MergeOperator;
}

namespace damdb::db::detail {

/// An associative merge operator (so RocksDB may also merge operands partially, in any
/// grouping) named "damdb.PositionStatsAdd". A malformed operand makes the merge fail, which
/// RocksDB reports as a corruption status.
std::shared_ptr<rocksdb::MergeOperator> make_stats_merge_operator();

}  // namespace damdb::db::detail
