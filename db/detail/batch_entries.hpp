#pragma once
// Internal to db/: an import batch as the key/value entries Database::commit writes, without
// RocksDB (the commit hands them to a WriteBatch or to SST files).

#include <string_view>

#include "db/detail/column_families.hpp"
#include "db/import_batch.hpp"
#include "db/meta.hpp"

namespace damdb::db::detail {

/// Receives the entries of a batch: puts per column family and the positions' merge operands.
class EntrySink {
 public:
  virtual void put(Cf cf, std::string_view key, std::string_view value) = 0;
  virtual void merge_position(std::string_view key, std::string_view value) = 0;
  /// A games merge operand: further sources of the stored game `key`.
  virtual void merge_sources(std::string_view key, std::string_view value) = 0;
  /// A game_hashes merge operand: the games added to the list of content hash `key`, or whose
  /// identity changed (SameMovesGames::update).
  virtual void merge_hash_games(std::string_view key, std::string_view value) = 0;

 protected:
  ~EntrySink() = default;
};

/// The counts after adding a batch's `delta` to `before` (every field summed).
Counts counts_after(const Counts& before, const Counts& delta);

/// Turns ImportBatch contents into entries (a friend of ImportBatch).
class BatchEntries {
 public:
  /// Sorts the batch's rows, index keys and updated games into key order (for the sorted
  /// commit methods: SST files need it, a WriteBatch gains from it).
  static void sort(ImportBatch& batch);
  /// Moves the batch's result corrections (ImportBatch::corrections_) to its rows, where the
  /// position entries are encoded from (as correction groups): before sort() and emit().
  static void join_corrections(ImportBatch& batch);
  /// Hands every entry of the batch to `sink`, column family after column family: games,
  /// game_headers, game_hashes, positions (one PositionEntry operand per Zobrist key when
  /// `grouped`, else per row), players/events/dates, then meta (`counts`, `next_game_id` and
  /// the sources, in key order). Keys are in order within each family when sort() ran.
  static void emit(ImportBatch& batch, const Counts& counts, bool grouped, EntrySink& sink);

 private:
  static void emit_games(const ImportBatch& batch, EntrySink& sink);
  // The games (or game_headers, by `cf`) entries of the batch's stored and new games.
  static void emit_stored_games(const ImportBatch& batch, Cf cf, EntrySink& sink);
  // One game_hashes merge operand per content hash: the games the batch added or changed.
  static void emit_hash_games(const ImportBatch& batch, EntrySink& sink);
  static void emit_meta(ImportBatch& batch, const Counts& counts, EntrySink& sink);
};

}  // namespace damdb::db::detail
