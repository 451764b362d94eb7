// Keeping the players' records file (player_records_file.hpp) up to date after an import
// without counting every player again: the records of the players the new games (and the
// stored games they reached, and the near-duplicate marks they changed) concern are counted
// again, the others copied from the file kept for the state before the import.
//
// A player's record depends on the player's own games, on the merged identity of each of the
// player's opponents, on the event groups of the player's Event tags and on the tables of those
// events. So the players counted again are: the players of the new, reached and re-marked
// games; the players of every game of a spelling whose identity changed (two players merged,
// one split) and the identities it left and joined; and every player of an event whose games
// or group of Event tags changed.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/duplicate_mark.hpp"

namespace damdb::indexer {

class NameDirectory;

/// The state an update starts from, taken before the import: the stamp of the records file
/// (player_records_stamp), the name directory and marks of that state and the next game id.
struct PlayerRecordsBefore {
  bool kept = false;  ///< a records file existed (else there is nothing to update)
  std::string stamp;
  std::shared_ptr<const NameDirectory> names;
  std::vector<db::DuplicateMark> marks;
  db::GameId end{1};
};

/// The state of `db` before an import (reads the name directory only when a records file
/// exists). Throws db::Error from the database, OverridesError for a bad overrides file.
PlayerRecordsBefore player_records_before(const db::Database& db);

/// What update_player_records did.
struct PlayerRecordsUpdate {
  bool rebuilt = false;     ///< every record counted again (keep_player_records)
  std::string why;          ///< why, when rebuilt
  std::size_t counted = 0;  ///< records counted again when not rebuilt
  std::size_t copied = 0;   ///< records copied from the file kept before
};

/// Writes the records file for the current state of `db` from the one kept for `before`: the
/// records of the players the change concerns (see above) counted again, the others copied.
/// `reached`: the games stored before that the import reached (ImportSummary::reached,
/// ascending); `replaced`: how many of them a better copy replaced (then the names in their
/// copies' tags count too: the replaced header's are among them). Falls back to counting every
/// record (keep_player_records) when no file was kept for `before`, when an Event tag without a
/// name ("?", "-") is new, or when the change concerns more than 1,000 players and half of
/// them. Throws db::Error from the database, OverridesError for a bad overrides file.
PlayerRecordsUpdate update_player_records(const db::Database& db, const PlayerRecordsBefore& before,
                                          std::span<const db::GameId> reached,
                                          std::size_t replaced);

}  // namespace damdb::indexer
