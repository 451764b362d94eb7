#pragma once
// ImportBatch: games collected in memory by the indexer, written by Database::commit() in one
// atomic step (one rocksdb::WriteBatch, or one multi-column-family SST ingestion): the game
// records, their content hashes, the positions' posting lists and statistics (aggregated per
// Zobrist key across the batch's games, written as merge operands: no read before write), secondary index keys, the
// next game id and the counts in meta. A crash (kill -9) leaves either the whole batch or none.
//
// Typical use (one writer):
//   auto batch = db.begin_import();
//   for (each game) batch.add_game(record, plies, index_texts);
//   batch.set_source(progress);           // optional: meta "source:" record, same commit
//   db.commit(batch);                     // e.g. every 20,000 games or 64 MB
//
// Not thread-safe; a batch belongs to the Database that made it and is valid until committed
// or destroyed. Memory: 24 bytes per (position, game) pair plus the game records.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "db/game_id.hpp"
#include "db/game_identity.hpp"
#include "db/game_record.hpp"
#include "db/game_terms.hpp"
#include "db/header_tags.hpp"
#include "db/meta.hpp"
#include "db/position_key.hpp"
#include "db/position_postings.hpp"
#include "db/text_index.hpp"

namespace damdb::db {

class Database;
namespace detail {
struct DatabaseImpl;
class BatchEntries;
}

/// A position reached by a game: its key, the ply (0 = start position) and the code of the move
/// played from it at that ply (kGameEnd at the game's last position).
struct PlyPosition {
  PositionKey position;
  std::uint16_t ply = 0;
  std::uint8_t move = 0;
};

/// Normalised texts under which a game is found in the secondary indexes (the caller
/// normalises; see text_index.hpp). Empty strings are skipped.
struct IndexTexts {
  std::vector<std::string> players;  ///< usually white and black
  std::vector<std::string> events;
  std::vector<std::string> dates;
  friend bool operator==(const IndexTexts&, const IndexTexts&) = default;
};

/// What add_game did.
struct AddResult {
  GameId id;                  ///< the new id, or the id of the game already stored
  bool duplicate = false;     ///< another copy of a stored game (or of one earlier in the batch)
  bool source_added = false;  ///< a duplicate from a new (path, byte offset): source recorded
  bool replaced = false;      ///< the copy was better than the stored one and replaced it
  /// When replaced: the status of the copy it replaced.
  ValidationStatus replaced_status = ValidationStatus::Valid;
};

class ImportBatch {
 public:
  ImportBatch(ImportBatch&&) noexcept;
  ImportBatch& operator=(ImportBatch&&) noexcept;
  ~ImportBatch();

  /// Adds one game. `plies` lists every position of the replayed legal prefix (ply 0 ..
  /// moves.size()), in any order; a position reached at several plies gets one occurrence
  /// with all its plies and counts once in the statistics (with the move of its first ply).
  /// The game is another copy of a stored game (in the database or earlier in this batch)
  /// when record.content_hash is that game's and `identity` is compatible with the stored
  /// identity (GameIdentity::compatible, by the batch's GameTerms); then nothing is indexed again: the game's sources
  /// gain record.sources[0] (with the tags that differ) unless already listed (same path and
  /// byte offset), and when the copy is better (a better status: valid, warnings, invalid; on
  /// a tie more tags with a value) it becomes the stored copy: tags, text and status are
  /// replaced, the indexed positions stay, and so does a known result. A game stored with an
  /// unknown result takes the first known result of a later copy: a game of this batch at
  /// once; a game of an earlier commit when `plies` is given (has_copy asks for it), through
  /// result corrections of its positions' statistics written with the batch. Whatever copy
  /// is stored, the header (record.tags) keeps every known tag value of the other copies that
  /// the stored copy lacks (header_tags.hpp: fill), so the header does not depend on the order
  /// in which the copies come. Raises Error(InvalidArgument) if record has no
  /// source, a ply exceeds 65535, or an index text contains 0x00; Error(io/corruption) if the
  /// duplicate lookup fails.
  AddResult add_game(GameRecord record, std::span<const PlyPosition> plies,
                     const IndexTexts& texts = {}, const GameIdentity& identity = {});

  /// Whether add_game would take a game of this content hash and identity as another copy of
  /// a stored game (or of one earlier in the batch) that needs no positions: false for a copy
  /// that teaches a game of an earlier commit its result (the positions are corrected). Raises
  /// Error(io/corruption) if the lookup fails.
  bool has_copy(const ContentHash& hash, const GameIdentity& identity);

  /// Records (replaces) the meta "source:" + info.path entry in the same commit.
  void set_source(SourceInfo info);

  std::size_t games() const noexcept { return new_games_.size(); }  ///< new games pending
  /// The new games pending, in id order, as the commit will store them (with the tags of a
  /// better copy that replaced one, and a result learned from a later copy).
  std::span<const std::pair<GameId, GameRecord>> new_games() const noexcept { return new_games_; }
  /// Stored games (of earlier commits) that this batch gives further sources.
  std::size_t stored_games() const noexcept {
    return updated_games_.size() + appended_games_.size();
  }
  std::size_t positions() const noexcept { return rows_.size(); }  ///< pending (position, game) pairs
  bool empty() const noexcept;
  /// Bytes of game_hashes values this batch read to find the stored copies of its games: one
  /// value per content hash and pair of player keys, so it does not grow with the games of
  /// other players that share the moves.
  std::uint64_t hash_bytes_read() const noexcept { return hash_bytes_read_; }
  /// Approximate bytes held in memory (to decide when to commit).
  std::size_t memory_bytes() const noexcept;

 private:
  friend class Database;
  friend class detail::BatchEntries;
  ImportBatch(detail::DatabaseImpl& db, std::uint32_t next_id, std::uint64_t generation,
              GameTerms terms);

  // One (position, game) pair (plies of rows with count > 1 in plies_).
  using Row = PostingRow;
  // A content hash and the player keys of an identity: the games of the hash that such an
  // identity can be compatible with (GameIdentity::compatible asks for equal player keys).
  struct HashPlayers {
    ContentHash hash;
    std::string white;
    std::string black;
    friend bool operator==(const HashPlayers&, const HashPlayers&) = default;
  };
  // The stored games of one content hash and pair of player keys, as they will be after the
  // batch (only those: a line shared by hundreds of games of other players is not held).
  struct HashGames {
    SameMovesGames value;
    std::vector<GameId> changed;  // games added or whose identity changed: written at commit
  };
  struct HashKey {
    std::size_t operator()(const HashPlayers& k) const noexcept {
      const std::size_t players =
          std::hash<std::string>{}(k.white) * 31 + std::hash<std::string>{}(k.black);
      return static_cast<std::size_t>(k.hash.lo ^ (k.hash.hi * 0x9e3779b97f4a7c15ull)) ^
             (players * 0xff51afd7ed558ccdull);
    }
  };

  detail::DatabaseImpl* db_;
  GameTerms terms_;            // how identities' dates fit, the learned Result tag's text
  std::uint64_t generation_;   // the database's commit count when the batch was made
  std::uint32_t first_id_;     // next_game_id when the batch was made
  std::uint32_t next_id_;
  // The games of a content hash with the player keys of `identity` (loaded from game_hashes
  // on first use in this batch, then updated).
  HashGames& hash_games(const ContentHash& hash, const GameIdentity& identity);
  // A game stored by an earlier commit that only gains sources in this batch: its record
  // without the source list, the count of its stored sources, a 32-bit hash of the place
  // (path, byte offset) of each source, and the sources this batch adds (one games merge
  // operand at commit, so the stored record is not read whole and rewritten for each batch
  // that finds a copy of it).
  struct AppendedGame {
    GameRecord record;  // tags, status and result only (what a header and better() read)
    std::uint32_t plies = 0;
    std::uint32_t stored_sources = 0;
    // The tags of the stored copy itself, unless they are the header's (which may hold other
    // copies' values).
    bool own_is_header = true;
    TagList own_tags;
    std::vector<IndexTexts> indexed;  // the texts this batch added index keys for
    std::vector<std::uint32_t> places;  // place_of() of every stored source, ascending
    std::unordered_set<std::uint32_t> added_places;  // place_of() of every source in `added`
    std::vector<GameSource> added;
    bool replaced = false;  // the header changes: the whole record is in updated_games_
  };

  // The record of game `id` as it will be after the batch (loaded for update if stored).
  GameRecord& record_of(GameId id);
  // The AppendedGame of stored game `id` (loaded on first use).
  AppendedGame& appended_of(GameId id);
  // A hash of the path and byte offset of `source`.
  static std::uint32_t place_of(const GameSource& source);
  // True when `source` (same path and byte offset) is a source of stored game `id`: the
  // hashes first, then, on a hash found, the sources themselves.
  bool listed_in(GameId id, const AppendedGame& game, const GameSource& source) const;
  // Adds `copy`, no better than the stored copy, as a further source of stored game `id`.
  AddResult append(GameId id, AppendedGame& game, GameRecord copy, const IndexTexts& texts);
  // Moves stored game `id` to updated_games_ as a whole record with its added sources.
  void promote(GameId id, AppendedGame& game);
  // Adds `copy` (with the positions `plies` of its moves, or none) as a further source of
  // game `id`: replaces the stored copy if better, else gives the header the known tags it
  // lacks (header_tags.hpp: fill); a known result it teaches is learned (learn_result).
  AddResult join(GameId id, GameRecord copy, const IndexTexts& texts,
                 std::span<const PlyPosition> plies);
  // Notes that the record of game `id` in this batch (new_games_, updated_games_) lists
  // `source`; might_list() then answers without reading every source of the record.
  void note_place(GameId id, const GameSource& source);
  // False when the record of game `id` in this batch surely does not list `source` (else
  // listed() says).
  bool might_list(GameId id, const GameSource& source) const;
  // Makes `header` the tags of `stored`, each source's differences taken again against it.
  void set_header(GameRecord& stored, TagList header);
  // Makes the better `copy` (read from `source`) the stored copy of game `id`.
  AddResult replace(GameId id, GameRecord& stored, GameSource source, GameRecord copy,
                    const IndexTexts& texts);
  void count_game(const GameRecord& record, bool add);
  void add_index_keys(GameId id, const IndexTexts& texts);

  // Gives game `id`, stored with an unknown result, the known result of a copy: a game new in
  // this batch through its rows; a game of an earlier commit through result corrections of
  // every position in `plies` (the copy's, which are the game's: the same moves), or not at
  // all when `plies` is empty.
  void learn_result(GameId id, GameRecord& stored, GameResult result,
                    std::span<const PlyPosition> plies);
  // Sorts `plies` into scratch_ by position, then ply; raises Error(InvalidArgument) on a ply
  // listed twice for one position.
  void sort_plies(std::span<const PlyPosition> plies);

  std::vector<std::pair<GameId, GameRecord>> new_games_;
  std::vector<std::size_t> new_rows_begin_;  // first row of each new game in rows_
  std::unordered_map<HashPlayers, HashGames, HashKey> hashes_;
  std::vector<std::pair<GameId, GameRecord>> updated_games_;  // stored games with a new source
  std::unordered_map<std::uint32_t, std::size_t> updated_by_id_;  // -> index in updated_games_
  std::vector<std::pair<GameId, AppendedGame>> appended_games_;
  std::unordered_map<std::uint32_t, std::size_t> appended_by_id_;  // -> index in appended_games_
  std::vector<Row> rows_;
  // id << 32 | place_of(source) of every source of the records of new_games_ and
  // updated_games_: a game copied thousands of times in one batch is not scanned per copy.
  std::unordered_set<std::uint64_t> record_places_;
  // Result corrections (rows with count 0) of games of earlier commits; joined to rows_ at
  // the commit (kept apart until then: learn_result finds a new game's rows by position).
  std::vector<Row> corrections_;
  std::vector<std::uint16_t> plies_;
  std::vector<std::pair<TextIndex, TextIndexKey>> index_keys_;
  std::vector<SourceInfo> sources_;
  // Games of earlier commits whose header this batch changed (a replaced copy, a Date taken
  // from a copy, a learned result): their signatures' dates and results are to be read again
  // (meta "signature_date:" keys, written with the batch).
  std::vector<GameId> redated_;
  Counts delta_;
  std::vector<PlyPosition> scratch_;
  std::size_t record_bytes_ = 0;
  std::uint64_t hash_bytes_read_ = 0;
};

}  // namespace damdb::db
