// Importing PDN files into a damdb database: file -> games (pdn reader) -> replay (validator)
// -> records (records.hpp) -> atomic batches (db::ImportBatch).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "db/database.hpp"
#include "pdn/validate.hpp"

namespace damdb::indexer {

/// Counts of an import (also what `damdb import --json` prints).
struct ImportSummary {
  std::uint64_t files = 0;
  std::uint64_t files_already_imported = 0;  ///< unchanged files skipped as a whole
  std::uint64_t games_read = 0;              ///< every game of the files, other variants included
  std::uint64_t games_stored = 0;            ///< new games written
  std::uint64_t duplicates = 0;  ///< copies of stored games (same start, moves, players...)
  std::uint64_t replaced = 0;    ///< of which better than the stored copy, which they replaced
  std::uint64_t invalid = 0;     ///< new games stored with an illegal move (prefix indexed)
  std::uint64_t warnings = 0;    ///< new games stored with warnings
  std::uint64_t skipped = 0;     ///< games of another variant (not stored)
  std::uint64_t positions = 0;   ///< positions indexed (game, ply pairs) for new games
  std::uint64_t commits = 0;     ///< atomic batches written
  std::vector<std::string> unreadable;  ///< files that could not be read (skipped): the reason
  /// The games stored before this import that a copy read by it reached (a source added, the
  /// header filled or replaced, the result learnt), ascending, each once.
  std::vector<db::GameId> reached;
  std::uint64_t reached_replaced = 0;  ///< of which replaced by a better copy
  /// The result warning flags (result_warning_flags) of the games stored with any and of every
  /// game replaced by a better copy, in the order stored (a later entry of a game replaces one
  /// before it).
  std::vector<std::pair<db::GameId, std::uint8_t>> result_warnings;
  double seconds = 0;
  /// The verdicts of every game read and replayed (duplicates included), by severity and kind.
  pdn::ValidationSummary validation;
};

/// Where an import stands (for progress displays).
struct ImportProgress {
  std::string file;
  std::uint64_t file_bytes = 0;   ///< size of the current file (0 for standard input)
  std::uint64_t bytes_done = 0;   ///< bytes of the current file read
  std::uint64_t total_bytes = 0;  ///< size of all files given (0 if unknown)
  std::uint64_t total_done = 0;   ///< bytes read over all files
  ImportSummary summary;          ///< counts so far
};

struct ImportOptions {
  std::size_t batch_games = 20000;  ///< commit after this many games read (copies too)...
  /// ...or this much batch memory (the import's memory is about twice this plus the
  /// database's caches: 32 MB keeps a large import within 100 MB).
  std::size_t batch_bytes = std::size_t{32} << 20;
  std::chrono::milliseconds progress_every{500};        ///< how often `progress` is called
  std::function<void(const ImportProgress&)> progress;  ///< optional
  bool compact_at_end = true;  ///< compact the database when the import wrote many games
  /// Store the pattern-search signatures (indexer/search/signature.hpp) of every game lacking one.
  bool build_signatures = true;
};

/// Imports files into `database` (opened OpenMode::ReadWrite). Each file's games are replayed; games of
/// International draughts are stored (invalid ones with their legal prefix indexed), other
/// variants counted as skipped; copies of one game (same start position and main line, same
/// players, compatible result and date: db::GameIdentity) are stored once, the best copy
/// kept, with every source recorded. Commits are atomic batches that also record how far each file
/// got, so an import killed at any moment and run again ends with the same database: a file
/// whose size and content hash (of every byte) match a completed import is skipped; an
/// interrupted one is read again from the start but only the games after the last committed one
/// are replayed and stored; an edited file is imported again (its changed games become new
/// games, unchanged ones are duplicates). "-" reads standard input (never skipped or resumed;
/// duplicates still are not stored twice).
/// A file that cannot be read is skipped and listed in ImportSummary::unreadable (the others are
/// imported); throws db::Error for storage failures.
ImportSummary import_files(db::Database& database, const std::vector<std::string>& files,
                           const ImportOptions& options = {});

}  // namespace damdb::indexer
