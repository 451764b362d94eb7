#pragma once
// Internal to db/: the frame of a RocksDB merge operator over damdb values, so that an
// operator states only how values fold (the RocksDB types, the gathering of operands and the
// mapping of a damdb Error to a failed merge stay here).

#include <rocksdb/merge_operator.h>

#include <span>
#include <string>
#include <string_view>

namespace damdb::db::detail {

/// A merge operator defined by two folds over encoded values. A db::Error raised by either
/// makes the merge fail, which RocksDB reports as a corruption status.
class ValueMerge : public rocksdb::MergeOperator {
 public:
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const final;
  bool PartialMergeMulti(const rocksdb::Slice& key, const std::deque<rocksdb::Slice>& operands,
                         std::string* new_value, rocksdb::Logger* logger) const final;

 protected:
  /// Writes to `out` (empty) the value of `existing` (nullptr when the key has none) with
  /// `operands` applied in order. Raises Error(Corruption) on a malformed value or operand.
  virtual void full_merge(const std::string_view* existing,
                          std::span<const std::string_view> operands, std::string& out) const = 0;
  /// Writes to `out` (empty) one operand equivalent to `operands` applied in order. Raises
  /// Error(Corruption) on a malformed operand.
  virtual void partial_merge(std::span<const std::string_view> operands,
                             std::string& out) const = 0;
};

}  // namespace damdb::db::detail
