// The games a query or a statistic counts: those passing the user's filter, minus the members
// of marked near-duplicate clusters (indexer/duplicates/duplicate_marks.hpp), so that a cluster counts
// once (through its primary).
#pragma once

#include <memory>
#include <optional>

#include "db/database.hpp"
#include "indexer/duplicates/duplicate_marks.hpp"
#include "indexer/games/game_filter.hpp"

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
    return !hidden_->hidden(id) && filter_.allows(id) && filter_.matches(game);
  }
  bool counts(db::GameId id, const db::GameRecord& game) const {
    return !hidden_->hidden(id) && filter_.allows(id) && filter_.matches(game);
  }
  const HiddenGames& hidden() const { return *hidden_; }
  /// The filter's candidates in `db` (GameFilter::candidates), read once for every use by one
  /// query (an explorer query asks them for the position and for each move).
  const std::optional<GameFilter::Candidates>& candidates(const db::Database& db) const {
    if (!candidates_) candidates_.emplace(filter_.candidates(db));
    return *candidates_;
  }
  /// True when `candidates` are exactly the games that pass the filter (no header to check).
  bool exact(const db::Database& db) const {
    const auto& c = candidates(db);
    return c && c->exact;
  }

 private:
  const GameFilter& filter_;
  std::shared_ptr<const HiddenGames> hidden_;
  mutable std::optional<std::optional<GameFilter::Candidates>> candidates_;
};

}  // namespace damdb::indexer
