#include "db/detail/game_hashes_merge.hpp"

#include "db/detail/value_merge.hpp"
#include "db/game_identity.hpp"

namespace damdb::db::detail {
namespace {

class SameMovesGamesUpdate final : public ValueMerge {
 public:
  const char* Name() const override { return "damdb.SameMovesGamesUpdate"; }

 protected:
  void full_merge(const std::string_view* existing, std::span<const std::string_view> operands,
                  std::string& out) const override {
    SameMovesGames games;
    if (existing != nullptr) games = SameMovesGames::decode(*existing);
    for (const std::string_view operand : operands) games.update(SameMovesGames::decode(operand));
    games.encode(out);
  }

  void partial_merge(std::span<const std::string_view> operands, std::string& out) const override {
    full_merge(nullptr, operands, out);  // updating with A then B = updating with A updated by B
  }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_same_moves_games_update() {
  return std::make_shared<SameMovesGamesUpdate>();
}

}  // namespace damdb::db::detail
