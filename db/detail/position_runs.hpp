#pragma once
// Internal to db/: the position runs of a bulk import (db/SCHEMA.md "Bulk load"). Each batch
// committed by SST ingestion stores its PositionEntry values as one run in the default family,
// under run (the batch's first game id, 4 bytes big-endian) + positions key (8 bytes): the run
// files never overlap, so each lands in the bottom level and no compaction touches it.
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

namespace damdb::db::detail {

/// Bytes of a run key: run (BE4) + positions key (BE8).
inline constexpr std::size_t kRunKeyBytes = 12;

/// The key of `position_key` (8 bytes) in run `run`.
std::string run_key(std::uint32_t run, std::string_view position_key);

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
  /// The next positions key (8 bytes) and its values (copies, valid until the following call);
  /// false after the last key. Raises Error from RocksDB's status.
  bool next(std::string_view& key, std::vector<std::string_view>& values);

 private:
  struct Cursor;
  // Reads cursor i's current entry into keys_ and done_ (done_ also past its last entry).
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
  std::string values_;             // the values of the last key given, one after the other
  std::vector<std::size_t> ends_;  // where each ends in values_
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
