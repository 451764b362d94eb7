#include "db/detail/game_sources_merge.hpp"

#include <rocksdb/merge_operator.h>

#include "db/error.hpp"
#include "db/game_record.hpp"

namespace damdb::db::detail {
namespace {

std::string_view view(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

class GameSourcesAppend final : public rocksdb::MergeOperator {
 public:
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    if (in.existing_value == nullptr) return false;  // sources of a game never stored
    try {
      GameRecord record = GameRecord::decode(view(*in.existing_value));
      for (const auto& operand : in.operand_list) record.append_sources(view(operand));
      out->new_value.clear();  // RocksDB may hand over a string still holding an earlier value
      record.encode(out->new_value);
      return true;
    } catch (const Error&) {
      return false;  // reported by RocksDB as corruption
    }
  }

  bool PartialMergeMulti(const rocksdb::Slice& /*key*/,
                         const std::deque<rocksdb::Slice>& operands, std::string* new_value,
                         rocksdb::Logger* /*logger*/) const override {
    new_value->clear();
    for (const auto& s : operands) new_value->append(s.data(), s.size());
    return true;
  }

  const char* Name() const override { return "damdb.GameSourcesAppend"; }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_game_sources_append() {
  return std::make_shared<GameSourcesAppend>();
}

}  // namespace damdb::db::detail
