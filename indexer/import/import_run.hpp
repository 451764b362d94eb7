// A whole `damdb import`: the inputs expanded (folders to their PDN files), the files imported
// (import_files), the new games' near-duplicates marked, the name directory refreshed.
#pragma once

#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/duplicate_mark.hpp"
#include "indexer/import/importer.hpp"
#include "indexer/stats/player_records_update.hpp"

namespace damdb::indexer {

/// The files to import: each FILE as given ("-" too), each DIR as the *.pdn files below it
/// (recursively, sorted). For an input that is neither, or a folder not read completely, a
/// message ("cannot read X: why") is added to `unreadable`.
std::vector<std::string> import_inputs(const std::vector<std::string>& given,
                                       std::vector<std::string>& unreadable);

/// What import_and_merge did.
struct ImportRun {
  ImportSummary summary;
  /// The near-duplicate clusters marked among the new games (none with `no_merge`).
  std::vector<db::DuplicateMark> marks;
  /// How the players' records kept beside the database were brought to the new state.
  PlayerRecordsUpdate records;
};

/// Imports `files` (import_files with `options`), then marks the prefix and tag-variant clusters
/// that hold a game no import has compared yet (the games of this import, and those of an
/// earlier one killed before this step), unless `no_merge`; either way those games count as
/// compared from now on. Then builds the name directory of the new state (kept in the database
/// folder), so that the first filter by player or event does not read every header, and brings
/// the players' records kept beside the database to the new state (update_player_records); a bad
/// player-overrides.txt is left to the commands that use it. Throws db::Error for storage
/// failures.
ImportRun import_and_merge(db::Database& database, const std::vector<std::string>& files,
                           const ImportOptions& options, bool no_merge);

}  // namespace damdb::indexer
