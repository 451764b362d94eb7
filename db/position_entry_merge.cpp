#include "db/detail/position_entry_merge.hpp"

#include <rocksdb/merge_operator.h>

#include "db/detail/slices.hpp"

#include <vector>

#include "db/error.hpp"
#include "db/position_entry.hpp"

namespace damdb::db::detail {
namespace {

// Joins PositionEntry values (position_entry.hpp). Operands and results share one layout, so
// partial merges in any grouping are valid: the join is associative and commutative (sums of
// counts, union of disjoint posting lists).
class PositionEntryMerge final : public rocksdb::MergeOperator {
 public:
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    // The common case (a position written once, met again in compaction): keep it as is.
    if (in.existing_value == nullptr && in.operand_list.size() == 1) {
      out->existing_operand = in.operand_list.front();
      return true;
    }
    std::vector<std::string_view> all;
    all.reserve(in.operand_list.size() + 1);
    if (in.existing_value != nullptr) all.push_back(view(*in.existing_value));
    for (const auto& s : in.operand_list) all.push_back(view(s));
    try {
      PositionEntry::merge_encoded(all, out->new_value);
      return true;
    } catch (const Error&) {
      return false;  // reported by RocksDB as corruption
    }
  }

  bool PartialMergeMulti(const rocksdb::Slice& /*key*/,
                         const std::deque<rocksdb::Slice>& operands, std::string* new_value,
                         rocksdb::Logger* /*logger*/) const override {
    std::vector<std::string_view> all;
    all.reserve(operands.size());
    for (const auto& s : operands) all.push_back(view(s));
    try {
      PositionEntry::merge_encoded(all, *new_value);
      return true;
    } catch (const Error&) {
      return false;
    }
  }

  const char* Name() const override { return "damdb.PositionEntryMerge"; }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_position_entry_merge() {
  return std::make_shared<PositionEntryMerge>();
}

}  // namespace damdb::db::detail
