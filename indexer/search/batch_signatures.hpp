// The signatures of the games an import stores, gathered from the import's own replay
// (GameRecords::signature) and stored after each commit, so that build_signatures does not read
// and replay those games again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "db/database.hpp"
#include "db/game_signature.hpp"
#include "db/import_batch.hpp"

namespace damdb::indexer {

/// The signatures of an import's new games, from its batches, until they are stored:
///
///   signatures.add(id, records.signature);        // each new game, in id order
///   signatures.take_stored_fields(batch);          // just before db.commit(batch)
///   db.commit(batch); signatures.store(db, last);
///
/// A commit stores the signature blocks its games fill; the games of a block not yet full
/// (fewer than db::kSignatureBlockGames) wait for the next batch, or for the last store, so
/// that no block is read and written again at each commit. Signatures that would not continue
/// the stored ones (a database whose older games have none yet, an id out of order) are
/// dropped, never stored out of place: build_signatures computes them after the import.
class BatchSignatures {
 public:
  /// Adds the signature of the new game `id` (its date is set by take_stored_fields).
  void add(db::GameId id, db::GameSignature signature);
  /// Takes, for each signature added since the last call, the date, result, start FEN and
  /// move codes of the game as `batch` will store it (a better copy may have replaced its
  /// tags, a later copy given its result). Drops every signature held unless the batch's new
  /// games are exactly the games added since.
  void take_stored_fields(const db::ImportBatch& batch);
  /// Adds the signature of the stored game `id` with its date, result, start FEN and codes
  /// from `game` (none, and the signature's own date, for nullptr): for games read back from
  /// the database (build_signatures).
  void add_stored(db::GameId id, db::GameSignature signature, const db::GameRecord* game);
  /// Once the batch is committed: appends to `db` the signatures of the blocks filled (all of
  /// them when `last`), when they start at db.signatures_end() (else drops them all), and
  /// keeps the others; returns how many it stored. Throws db::Error from the database.
  std::size_t store(db::Database& db, bool last);
  /// Signatures held.
  std::size_t size() const noexcept { return signatures_.size(); }
  /// Heap bytes held (about: for the batch's memory bound).
  std::size_t memory_bytes() const noexcept { return bytes_; }

 private:
  void clear();
  // Takes the stored fields of the first signature not taken from `game` (see add_stored).
  void take_fields(const db::GameRecord* game);
  // Forgets the first `n` signatures (stored).
  void drop_front(std::size_t n);
  static std::size_t bytes_of(const db::GameSignature& signature);

  std::vector<db::GameSignature> signatures_;  // of the games first_, first_ + 1, ...
  std::uint32_t first_ = 0;
  std::size_t taken_ = 0;                  // signatures whose stored fields are taken
  std::vector<std::string> fens_, codes_;  // own the bytes of the db::GameMoves stored
  std::vector<db::GameResult> results_;
  std::size_t bytes_ = 0;
};

/// Sets the stored signature date and result of each game whose header an import changed (its
/// Date or result may differ; db::Database::signatures_to_refresh) to those of the game's
/// header now, and clears the marks. The marks are written with each commit, so that an import
/// killed before this step leaves them to the next import. Throws db::Error from the database.
void refresh_signatures(db::Database& db);

/// Computes and stores the signatures of every game from db.signatures_end() on (games
/// imported before signatures existed, or by an interrupted import); returns how many.
/// Throws db::Error from the database.
std::uint64_t build_signatures(db::Database& db);

}  // namespace damdb::indexer
