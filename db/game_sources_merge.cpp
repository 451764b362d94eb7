#include "db/detail/game_sources_merge.hpp"

#include "db/detail/value_merge.hpp"
#include "db/error.hpp"
#include "db/game_record.hpp"

namespace damdb::db::detail {
namespace {

class GameSourcesAppend final : public ValueMerge {
 public:
  const char* Name() const override { return "damdb.GameSourcesAppend"; }

 protected:
  void full_merge(const std::string_view* existing, std::span<const std::string_view> operands,
                  std::string& out) const override {
    if (existing == nullptr) throw Error(ErrorKind::Corruption, "sources of a game never stored");
    GameRecord record = GameRecord::decode(*existing);
    for (const std::string_view operand : operands) record.append_sources(operand);
    record.encode(out);
  }

  void partial_merge(std::span<const std::string_view> operands, std::string& out) const override {
    for (const std::string_view operand : operands) out.append(operand);  // operands concatenate
  }
};

}  // namespace

std::shared_ptr<rocksdb::MergeOperator> make_game_sources_append() {
  return std::make_shared<GameSourcesAppend>();
}

}  // namespace damdb::db::detail
