#include "db/detail/stats_merge_operator.hpp"

#include <rocksdb/merge_operator.h>

#include "db/error.hpp"
#include "db/position_stats.hpp"

namespace damdb::db::detail {
namespace {

class StatsAdd final : public rocksdb::AssociativeMergeOperator {
 public:
  bool Merge(const rocksdb::Slice& /*key*/, const rocksdb::Slice* existing_value,
             const rocksdb::Slice& value, std::string* new_value,
             rocksdb::Logger* /*logger*/) const override {
    try {
      if (existing_value == nullptr) {
        // Validate the operand so corruption is not silently carried on.
        (void)PositionStats::decode(std::string_view(value.data(), value.size()));
        new_value->assign(value.data(), value.size());
        return true;
      }
      PositionStats::merge_encoded(std::string_view(existing_value->data(), existing_value->size()),
                                   std::string_view(value.data(), value.size()), *new_value);
      return true;
    } catch (const Error&) {
      return false;
    }
  }
  const char* Name() const override { return "damdb.PositionStatsAdd"; }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_stats_merge_operator() {
  return std::make_shared<StatsAdd>();
}

}  // namespace damdb::db::detail
