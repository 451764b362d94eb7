#pragma once
// Database: a damdb database folder (RocksDB inside; see db/SCHEMA.md for every column family's
// key and value bytes). One process may hold it read-write; any number of others may open it
// read-only (a snapshot of what was committed when opened) or as a secondary instance (follows
// the writer with catch_up()). Every failure raises damdb::db::Error; no RocksDB type leaks.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "db/content_hash.hpp"
#include "db/duplicate_mark.hpp"
#include "db/game_header.hpp"
#include "db/game_id.hpp"
#include "db/game_record.hpp"
#include "db/game_signature.hpp"
#include "db/import_batch.hpp"
#include "db/meta.hpp"
#include "db/occurrence.hpp"
#include "db/position_evaluation.hpp"
#include "db/position_key.hpp"
#include "db/position_stats.hpp"
#include "db/text_index.hpp"

namespace rocksdb {
class Env;
}

namespace damdb::db {

/// Default database folder name, relative to the current directory (the CLI overrides it
/// with --db DIR or the DAMDB_DB variable).
inline constexpr const char* kDefaultFolder = "damdb.db";

enum class OpenMode {
  ReadWrite,  ///< the one writer; creates the folder if missing
  ReadOnly,   ///< static view of the committed state at open; folder must exist
  Secondary,   ///< follows a running writer through catch_up(); folder must exist
};

struct OpenOptions {
  OpenMode mode = OpenMode::ReadWrite;
  /// Secondary mode only: a private folder for the secondary's own log files
  /// (default: a fresh folder under the system temporary directory).
  std::filesystem::path secondary_folder;
  /// Read-write only: tune for a bulk import (larger memtables). Reads are unaffected.
  bool bulk_load = false;
  /// ReadOnly only: open just the families that an explorer query without filter criteria reads
  /// (positions and their runs, games, game headers, meta), not the content hashes, the text
  /// indexes (players, events, dates) or the signatures: RocksDB then sets up and opens the
  /// table files of 5 families, not 11 (a one-query command's open). Any read of another
  /// family throws Error(InvalidArgument); info() and uncompacted_share() cover the open ones.
  bool explorer_only = false;
  /// Tests only: the rocksdb::Env to run on (e.g. one that injects disk-full errors); it must
  /// outlive the Database. nullptr: the default environment.
  rocksdb::Env* env = nullptr;
  /// ReadOnly and Secondary: also open the evaluations family (position evaluations) when the
  /// database has one. A reader that does not ask opens as before and sees no evaluations.
  bool evaluations = false;
};

/// How commit() writes a batch (all are atomic; see db/SCHEMA.md "Bulk load").
enum class CommitMethod {
  SortedWriteBatch,    ///< default: keys sorted, stats aggregated, one WriteBatch (WAL)
  UnsortedWriteBatch,  ///< baseline for benchmarks: insertion order, one merge per game
  SstIngestion,         ///< sorted SST files per column family, ingested atomically
};

/// One page of an occurrence query.
struct OccurrencePage {
  std::vector<Occurrence> rows;  ///< in the requested game-id order
  bool more = false;             ///< further rows exist after the last one returned
};

/// Paging and order of occurrences(). Game ids grow in import order, so descending = newest
/// imported first.
struct OccurrenceQuery {
  std::size_t limit = 50;
  bool descending = false;
  /// Cursor: return only games after this one in the chosen order (0 = from the start).
  GameId after{};
};

/// A stored game whose record cannot be read (Database::for_each_readable_game).
struct DamagedGame {
  GameId id;
  std::string reason;  ///< RocksDB's status (naming the file and offset) or the decoding error
};

/// What `damdb info` shows.
struct Info {
  std::uint32_t schema_version = 0;
  Counts counts;                        ///< games, valid/warnings/invalid, indexed positions...
  std::uint64_t distinct_positions = 0; ///< RocksDB's estimate of position_stats keys
  std::uint64_t sources = 0;            ///< imported files recorded in meta
  std::uint64_t bytes_on_disk = 0;      ///< sum of the sizes of the folder's files
  std::uint64_t sst_bytes = 0;          ///< of which SST files (all column families)
  /// SST bytes per column family: (name, bytes), in schema order.
  std::vector<std::pair<std::string, std::uint64_t>> column_family_bytes;
  /// The SST files holding the games column family (names in the folder, e.g. "000012.sst"):
  /// where a damaged game record lies.
  std::vector<std::string> game_files;
};

/// The fields of a stored game's signature that its header decides (Database::
/// set_signature_fields).
struct SignatureFields {
  GameId game;
  std::uint32_t date = 0;  ///< GameSignature::date
  GameResult result = GameResult::Unknown;
};

/// What a replay of a stored game needs (kept beside the signatures, without the PDN text).
struct GameMoves {
  GameResult result = GameResult::Unknown;
  std::string_view start_fen;  ///< "" = initial position
  std::string_view moves;      ///< one move code a ply (GameRecord::moves); empty when read packed
  std::string_view packed;     ///< the codes as stored (db/packed_moves.hpp: packed_move_at)
};

class Database {
 public:
  /// Opens (OpenMode::ReadWrite: creates if missing) the database in folder `dir`.
  /// Raises Error(ErrorKind::NotFound) if the folder holds no database and the mode is not ReadWrite,
  /// Error(Io) if another process holds it read-write (lock) or a file cannot be read,
  /// Error(InvalidArgument) if the schema version differs, Error(Corruption) if damaged.
  static Database open(const std::filesystem::path& dir, const OpenOptions& options = {});

  Database(Database&&) noexcept;
  Database& operator=(Database&&) noexcept;
  ~Database();

  const std::filesystem::path& folder() const noexcept;
  OpenMode mode() const noexcept;

  // ---- writing (OpenMode::ReadWrite only; Error(ErrorKind::InvalidArgument) otherwise) ----

  /// A new empty batch; game ids continue from meta "next_game_id". Only one batch may be
  /// committed per begin_import() (a batch made before another commit is rejected). `terms`
  /// say how the batch compares the dates of copies and writes a learned result (GameTerms).
  ImportBatch begin_import(GameTerms terms = {});
  /// Writes the batch atomically and empties it. Raises Error(InvalidArgument) for a stale
  /// batch or a batch of another database, Error(io/corruption) from RocksDB (the database
  /// then holds none of the batch).
  void commit(ImportBatch& batch, CommitMethod method = CommitMethod::SortedWriteBatch);
  /// Flushes memtables and compacts every column family to the bottom level (after a large
  /// import: drops merge operands and overlaps, applies the strongest compression).
  void compact();
  /// Flushes memtables to SST files (for tests and measurements).
  void flush();
  /// The share (0..1) of the table files' bytes that lie above the bottom level of their
  /// column family: what compact() would move down. 0 for an empty or compacted database.
  double uncompacted_share() const;
  /// Empties the block cache of the blocks no reader holds (a step that reads other data
  /// next, such as the near-duplicate step after an import's batches, does not need them).
  void release_cached_blocks() const;

  // ---- reading (every mode) ----

  /// The game with this id, or nullopt.
  std::optional<GameRecord> game(GameId id) const;
  /// The header (players, event, date, round, result, status, plies) of the game with this
  /// id, or nullopt: a small read, for result rows and filters.
  std::optional<GameHeader> game_header(GameId id) const;
  /// The headers of `ids` in one batched lookup (RocksDB MultiGet), in the order of `ids`;
  /// nullopt for an id not stored.
  std::vector<std::optional<GameHeader>> game_headers(std::span<const GameId> ids) const;
  /// The ids of the stored games with this content hash (the same start and main line;
  /// several when different players played it), ascending; empty if none.
  std::vector<GameId> find_games(const ContentHash& hash) const;
  /// Games that reached exactly this position (zobrist and check key equal), one page.
  OccurrencePage occurrences(const PositionKey& position, const OccurrenceQuery& query = {}) const;
  /// Calls visit(occurrence) for every game that reached exactly this position, newest
  /// (highest id) first, until it returns false: one read of the position's entry, and one
  /// Occurrence reused for every game (no allocation per game).
  void for_each_occurrence(const PositionKey& position,
                           const std::function<bool(const Occurrence&)>& visit) const;
  /// Number of games that reached the position (scans its occurrence keys).
  std::uint64_t count_occurrences(const PositionKey& position) const;
  /// The moves played from this position with their results, or nullopt if never reached.
  std::optional<PositionStats> position_stats(const PositionKey& position) const;
  /// Calls visit(id, record) for every game in id order from `from`, until it returns false.
  void for_each_game(const std::function<bool(GameId, const GameRecord&)>& visit,
                     GameId from = GameId{1}) const;
  /// Calls visit(id, record) for every game in id order from `from` that can be read, until it
  /// returns false; a game whose record cannot be read (a storage block whose checksum fails, a
  /// record that does not decode) is passed to `damaged` with the reason, and reading goes on
  /// with the next readable game (each id after a damaged block is read on its own until one
  /// reads). Raises Error for other read errors (I/O).
  void for_each_readable_game(const std::function<bool(GameId, const GameRecord&)>& visit,
                              const std::function<void(const DamagedGame&)>& damaged,
                              GameId from = GameId{1}) const;
  /// Calls visit(id, record) for each of `ids` (ascending) that is stored, in that order, until
  /// it returns false: one iterator moving forward, so games close together share block reads.
  void for_each_game_of(std::span<const GameId> ids,
                        const std::function<bool(GameId, const GameRecord&)>& visit) const;
  /// Calls visit(id, header) for every game in id order from `from`, until it returns false
  /// (reads only the game_headers column family: much faster than for_each_game).
  void for_each_game_header(const std::function<bool(GameId, const GameHeader&)>& visit,
                            GameId from = GameId{1}) const;
  /// Calls visit(key) for every key of the index whose text starts with `prefix`, in key
  /// order, until it returns false. An exact text match is prefix = text + '\0'.
  void scan_index(TextIndex index, std::string_view prefix,
                  const std::function<bool(const TextIndexKey&)>& visit) const;
  /// Schema version, next id, counts and imported sources.
  Meta meta() const;
  /// The database's unique identity (RocksDB's IDENTITY: made when the database was created,
  /// kept by a copy of its folder): tells apart two databases in the same state.
  /// Raises Error from the read.
  std::string identity() const;
  /// Counts, distinct positions (estimate), bytes on disk.
  Info info() const;

  /// Secondary mode: catches up with the writer's committed state. Other modes: no-op.
  void catch_up();

  // ---- game signatures (db/game_signature.hpp): the signatures column family, created when
  // missing; a database written before it existed has no signatures until the next import ----

  /// The first game id without a stored signature (signatures cover ids 1 .. end - 1).
  GameId signatures_end() const;
  /// Stores the signatures of the games signatures_end(), signatures_end() + 1, ... (one per
  /// game, in id order) in one atomic write. Raises Error(ErrorKind::InvalidArgument) when not ReadWrite.
  /// With `moves` (one per signature, or empty) also stores what a replay of each game needs.
  void append_signatures(std::span<const GameSignature> signatures,
                         std::span<const GameMoves> moves = {});
  /// The games whose header an import changed (another Date, maybe, or a result learned from
  /// a later copy) since their stored signatures were last set (meta "signature_date:" keys,
  /// written with each commit), ascending. Raises Error(io/corruption) from RocksDB.
  std::vector<GameId> signatures_to_refresh() const;
  /// Sets the date (GameSignature::date) of the stored signatures of `fields` (ascending ids;
  /// an id without a stored signature is left out) and the result kept with their moves, and
  /// clears their signatures_to_refresh marks: the blocks that change are written again with
  /// the marks of their games, in writes of a few MB. ReadWrite only (Error(InvalidArgument));
  /// Error(io/corruption) from RocksDB.
  void set_signature_fields(std::span<const SignatureFields> fields);
  /// Calls visit(id, moves) for each of `ids` (ascending) stored by append_signatures, in that
  /// order, until it returns false (one forward pass over a compact family: no PDN text).
  /// Returns false, calling nothing, when the database has no such family. With `unpack`
  /// false the codes are left packed (GameMoves::packed; `moves` empty): for a caller that
  /// reads one ply of each game.
  bool for_each_moves_of(std::span<const GameId> ids,
                         const std::function<bool(GameId, const GameMoves&)>& visit,
                         bool unpack = true) const;
  /// Deletes every stored signature (and the moves kept beside them), so that the next
  /// build stores them again (after a change of their layout). ReadWrite only.
  void drop_signatures();
  /// Calls visit(first id, games part, column values) for every block of signatures in id
  /// order until it returns false (db/signature_block.hpp): the block's games part and the
  /// values of `columns` (column ids), an empty view where the block has no such column.
  void for_each_signature_block(
      std::span<const int> columns,
      const std::function<bool(GameId, std::string_view, std::span<const std::string_view>)>&
          visit) const;

  // ---- position evaluations (db/position_evaluation.hpp): the evaluations family, created by
  // the first put_evaluations; a database without it has none ----

  /// True when the evaluations family is open (it exists and, for a reader, was asked for).
  bool has_evaluations() const noexcept;
  /// The stored evaluation of `position`, or nullopt (none stored, or no evaluations family).
  /// Raises Error from RocksDB or for a value that does not decode.
  std::optional<PositionEvaluation> evaluation(const PositionKey& position) const;
  /// The evaluations of `positions` in one batched lookup, in their order (nullopt where none).
  std::vector<std::optional<PositionEvaluation>> evaluations(
      std::span<const PositionKey> positions) const;
  /// Stores `evaluations` (replacing what a position held) in one atomic write, creating the
  /// family when missing. ReadWrite only (Error(InvalidArgument)); Error(io) from RocksDB.
  void put_evaluations(std::span<const std::pair<PositionKey, PositionEvaluation>> evaluations);
  /// Calls visit(position, evaluation) for every stored evaluation in key order until it returns
  /// false (nothing when the family is absent). Raises Error like evaluation().
  void for_each_evaluation(
      const std::function<bool(const PositionKey&, const PositionEvaluation&)>& visit) const;

  // ---- near-duplicate marks (db/duplicate_mark.hpp, kept in meta under "cluster:") ----

  /// Every marked cluster, by primary id.
  std::vector<DuplicateMark> duplicate_marks() const;
  /// Deletes the marks of the primaries `remove`, then stores `put`, in one atomic write.
  /// Raises Error(ErrorKind::InvalidArgument) when not ReadWrite.
  void write_duplicate_marks(std::span<const DuplicateMark> put, std::span<const GameId> remove);
  /// The first game id that the import's near-duplicate pass has not compared yet (meta
  /// "merged_end"; GameId{1} when it never ran): the games from it on are the new ones.
  GameId merged_end() const;
  /// Records that the games below `end` were compared. Raises Error(InvalidArgument) when not
  /// ReadWrite.
  void set_merged_end(GameId end);

 private:
  explicit Database(std::unique_ptr<detail::DatabaseImpl> impl);
  std::unique_ptr<detail::DatabaseImpl> impl_;
};

}  // namespace damdb::db
