// The table of one stored event (`damdb event EVENT`): the event as `stats events` groups its
// spellings, its players as `stats players` merges them, and tournament_table over its games.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "indexer/stats/tournament_table.hpp"

namespace damdb::indexer {

/// Raised when the text names no stored event, or several and none exactly: `candidates` holds
/// the spellings of each event it names (at most kMaxCandidates events).
struct EventLookupError : std::invalid_argument {
  EventLookupError(const std::string& message, std::vector<std::vector<std::string>> candidates)
      : std::invalid_argument(message), candidates(std::move(candidates)) {}
  std::vector<std::vector<std::string>> candidates;
  static constexpr std::size_t kMaxCandidates = 20;
};

/// An event's table with the event's spellings and the games it was made from.
struct EventTableReport {
  std::vector<std::string> spellings;  ///< the Event tags of its games, sorted
  std::vector<db::GameId> games;       ///< the games, ascending
  TournamentTable table;
};

/// The table of the stored event named by `text`: the events one of whose Event tags holds
/// `text` (folded: case, accents and spacing ignored, as `--event`); when several do, the one
/// with an Event tag equal to it (folded). Players are merged as `stats players` merges them
/// (spellings "?" or empty stay apart, each a player of its own). Throws EventLookupError when
/// `text` is empty once folded (spaces only), or no event or several match, db::Error from the
/// database, OverridesError for a bad player-overrides.txt.
EventTableReport event_table(const db::Database& db, const std::string& text);

class NameDirectory;
/// The same with the database's names already read (a server keeps them between requests).
EventTableReport event_table(const db::Database& db,
                             const std::shared_ptr<const NameDirectory>& names,
                             const std::string& text);

}  // namespace damdb::indexer
