#pragma once
// Internal to db/: the position runs of a bulk import (db/SCHEMA.md "Bulk load"). Each batch
// committed by SST ingestion stores its PositionEntry values as one run in the default family,
// in chunks of consecutive entries under run (the batch's first game id, 4 bytes big-endian) +
// the chunk's first positions key (8 bytes) + kRunChunkMark: the run files never overlap, so
// each lands in the bottom level and no compaction touches it. A chunk holds a few kilobytes of
// entries, so writing and reading a run costs one RocksDB key per chunk, not one per position.
// Database::compact() merges all runs in one pass (RunCursors) into the positions family,
// written once (PositionFiles), and deletes the runs in the same atomic ingestion.

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_writer.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "db/varint.hpp"

namespace damdb::db::detail {

/// Bytes of a run key of one entry: run (BE4) + positions key (BE8), the layout written before
/// chunks (still read: a database left by a killed import of an older damdb).
inline constexpr std::size_t kRunKeyBytes = 12;
/// Bytes of a chunk key: run (BE4) + the chunk's first positions key (BE8) + kRunChunkMark.
inline constexpr std::size_t kRunChunkKeyBytes = 13;
/// Last byte of a chunk key (the chunk layout's version).
inline constexpr char kRunChunkMark = '\x01';
/// A chunk is closed once its entries take this many bytes.
inline constexpr std::size_t kRunChunkBytes = 4096;

/// The key of `position_key` (8 bytes) in run `run`, as one entry (kRunKeyBytes).
std::string run_key(std::uint32_t run, std::string_view position_key);

/// The entries of one run gathered into chunks, in positions key order. A chunk's value is
/// (positions key BE8, varint length, PositionEntry)+ in ascending key order.
class RunChunkWriter {
 public:
  explicit RunChunkWriter(std::uint32_t run) : run_(run) {}
  /// Appends one entry (keys ascending); true when the chunk is full: take key() and value(),
  /// then clear().
  bool add(std::string_view position_key, std::string_view value);
  bool empty() const noexcept { return value_.empty(); }
  std::string_view key() const noexcept { return key_; }
  std::string_view value() const noexcept { return value_; }
  void clear() noexcept { value_.clear(); }

 private:
  std::uint32_t run_;
  std::string key_;
  std::string value_;
};

/// The entries of one stored run value, in order: a chunk (kRunChunkKeyBytes key) or a single
/// entry (kRunKeyBytes key). Views into the value given to reset(), valid while it is.
class RunChunkReader {
 public:
  /// Raises Error(Corruption) on a key that is neither a chunk key nor an entry key.
  void reset(std::string_view key, std::string_view value);
  /// The next entry's Zobrist key and PositionEntry; false after the last one. Raises
  /// Error(Corruption) on a truncated chunk.
  bool next(std::uint64_t& zobrist, std::string_view& value);
  /// True when next() has no entry left.
  bool at_end() const noexcept { return !single_pending_ && chunk_.empty(); }

 private:
  Reader chunk_{{}, "position run chunk"};
  bool single_pending_ = false;  // an entry key's value not given yet
  std::uint64_t single_key_ = 0;
  std::string_view single_;
};

/// The runs present in family `cf` of `db`, ascending (one seek a run). Raises
/// Error(Corruption) on a key that is not a run key, Error from RocksDB's status.
std::vector<std::uint32_t> find_runs(rocksdb::DB& db, rocksdb::ColumnFamilyHandle* cf);

/// Every run of `runs` read at once in positions key order: next() gives each positions key
/// with the values the runs hold for it (one per run that has it, in run order).
class RunCursors {
 public:
  /// Raises Error from RocksDB's status.
  RunCursors(rocksdb::DB& db, rocksdb::ColumnFamilyHandle* cf, const std::vector<std::uint32_t>& runs,
             const rocksdb::ReadOptions& options);
  ~RunCursors();
  /// The next positions key (8 bytes) and its values (valid until the following call); false
  /// after the last key. Raises Error from RocksDB's status.
  bool next(std::string_view& key, std::vector<std::string_view>& values);

 private:
  struct Cursor;
  // Moves cursor i to its next entry (the first one after its seek), read into keys_ and the
  // cursor's value, and sets done_ past its last entry.
  void load(std::size_t i);
  // True when cursor a's entry comes before cursor b's (done ones last, ties by cursor).
  bool before(std::uint32_t a, std::uint32_t b) const {
    if (done_[a] != done_[b]) return done_[b];
    return keys_[a] != keys_[b] ? keys_[a] < keys_[b] : a < b;
  }
  // Plays cursor i's entry up the tournament tree (a loser tree: each inner node keeps the
  // loser of its match, the overall winner is kept apart).
  void replay(std::uint32_t i);
  std::vector<std::unique_ptr<Cursor>> cursors_;  // padded to a power of two with done ones
  std::vector<std::uint64_t> keys_;               // Zobrist key of each cursor's entry
  std::vector<char> done_;
  std::vector<std::uint32_t> losers_;  // inner nodes 1 .. size - 1
  std::uint32_t winner_ = 0;
  std::string key_;
};

/// The positions files a merge of runs writes, in key order, cut at about `file_bytes` each,
/// in folder `dir`. With `as_merge` each value is a merge operand, else a whole value (Put).
/// Files still in `dir` when the object goes (not ingested with move_files) are removed.
class PositionFiles {
 public:
  PositionFiles(const rocksdb::Options& options, std::filesystem::path dir, bool as_merge,
                std::uint64_t file_bytes);
  ~PositionFiles();
  /// Raises Error from RocksDB's status.
  void add(std::string_view key, std::string_view value);
  /// Finishes the last file; returns every path written. Raises Error from RocksDB's status.
  std::vector<std::string> finish();

 private:
  rocksdb::Options options_;
  std::filesystem::path dir_;
  bool as_merge_;
  std::uint64_t file_bytes_;
  std::unique_ptr<rocksdb::SstFileWriter> writer_;
  std::vector<std::string> paths_;
};

}  // namespace damdb::db::detail
