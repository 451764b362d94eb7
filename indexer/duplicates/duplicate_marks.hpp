// Marking near-duplicate clusters (`damdb duplicates --apply CLASS... | --undo ID|all`): one
// primary per cluster counted by queries and statistics, the other members kept (never
// deleted) and hidden from counts, every mark undoable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include "db/database.hpp"
#include "indexer/duplicates/duplicates.hpp"

namespace damdb::indexer {

/// Marks the clusters of `report` whose class is in `classes` (each applicable: prefix,
/// tag-variant; throws std::invalid_argument otherwise). The links of those classes are joined
/// (a game linked by both classes joins both clusters into one mark); each mark's primary is
/// the best by PrimaryRank. An existing mark sharing a game with a new one is replaced by it
/// (its games are in the new one), the others are kept. One atomic write. Returns the marks
/// written. Throws db::Error from the database (OpenMode::ReadWrite needed).
std::vector<db::DuplicateMark> apply_duplicates(db::Database& db, const DuplicateReport& report,
                                                const std::vector<DuplicateClass>& classes);

/// What an import does with the games it added (ids `first_new` and later), unless asked not
/// to: the prefix and tag-variant clusters (find_duplicates) that hold one of them are marked
/// by apply_duplicates (members kept, undoable); clusters of older games only are left as the
/// user left them. Returns the marks written. Throws db::Error from the database.
std::vector<db::DuplicateMark> apply_to_new_games(db::Database& db, db::GameId first_new);

/// Removes the mark of primary `primary`, or every mark when nullopt; returns how many marks
/// were removed (0: none had that primary). Throws db::Error from the database.
std::size_t undo_duplicates(db::Database& db, std::optional<db::GameId> primary);

/// The members of marked clusters (not their primaries), each with its primary: the games a
/// query or statistic does not count.
class HiddenGames {
 public:
  /// The marks stored in `db` (an empty set when there are none).
  static std::shared_ptr<const HiddenGames> of(const db::Database& db);
  bool empty() const { return primary_.empty(); }
  std::size_t size() const { return primary_.size(); }
  /// The primary of a hidden member, nullopt for any other game.
  std::optional<db::GameId> primary_of(db::GameId id) const {
    const auto it = primary_.find(id.value);
    if (it == primary_.end()) return std::nullopt;
    return db::GameId{it->second};
  }
  bool hidden(db::GameId id) const { return primary_.contains(id.value); }

 private:
  std::unordered_map<std::uint32_t, std::uint32_t> primary_;
};

}  // namespace damdb::indexer
