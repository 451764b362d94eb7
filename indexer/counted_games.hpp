// The games a query or a statistic counts: those passing the user's filter, minus the members
// of marked near-duplicate clusters (indexer/duplicate_marks.hpp), so that a cluster counts
// once (through its primary).
#pragma once

#include <memory>

#include "db/database.hpp"
#include "indexer/duplicate_marks.hpp"
#include "indexer/game_filter.hpp"

namespace damdb::indexer {

class CountedGames {
 public:
  /// Reads the marks of `db` (one short scan of meta); `filter` must outlive this object.
  CountedGames(const db::Database& db, const GameFilter& filter)
      : filter_(filter), hidden_(HiddenGames::of(db)) {}
  /// True when every stored game counts (no filter criterion, no marked member).
  bool everything() const { return filter_.empty() && hidden_->empty(); }
  /// True when the game passes the filter and is no hidden member.
  bool counts(db::GameId id, const db::GameHeader& game) const {
    return !hidden_->hidden(id) && filter_.matches(game);
  }
  bool counts(db::GameId id, const db::GameRecord& game) const {
    return !hidden_->hidden(id) && filter_.matches(game);
  }
  const HiddenGames& hidden() const { return *hidden_; }

 private:
  const GameFilter& filter_;
  std::shared_ptr<const HiddenGames> hidden_;
};

}  // namespace damdb::indexer
