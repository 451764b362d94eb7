#include "db/detail/game_hashes_merge.hpp"

#include <rocksdb/merge_operator.h>

#include "db/error.hpp"
#include "db/game_identity.hpp"

namespace damdb::db::detail {
namespace {

std::string_view view(const rocksdb::Slice& s) { return std::string_view(s.data(), s.size()); }

class SameMovesGamesUpdate final : public rocksdb::MergeOperator {
 public:
  bool FullMergeV2(const MergeOperationInput& in, MergeOperationOutput* out) const override {
    try {
      SameMovesGames games;
      if (in.existing_value != nullptr) games = SameMovesGames::decode(view(*in.existing_value));
      for (const auto& operand : in.operand_list) games.update(SameMovesGames::decode(view(operand)));
      out->new_value.clear();  // RocksDB may hand over a string still holding an earlier value
      games.encode(out->new_value);
      return true;
    } catch (const Error&) {
      return false;  // reported by RocksDB as corruption
    }
  }

  bool PartialMergeMulti(const rocksdb::Slice& /*key*/,
                         const std::deque<rocksdb::Slice>& operands, std::string* new_value,
                         rocksdb::Logger* /*logger*/) const override {
    try {
      SameMovesGames changes;
      for (const auto& operand : operands) changes.update(SameMovesGames::decode(view(operand)));
      new_value->clear();
      changes.encode(*new_value);
      return true;
    } catch (const Error&) {
      return false;
    }
  }

  const char* Name() const override { return "damdb.SameMovesGamesUpdate"; }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_same_moves_games_update() {
  return std::make_shared<SameMovesGamesUpdate>();
}

}  // namespace damdb::db::detail
