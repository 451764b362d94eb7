#pragma once
// Internal to db/ (included only by the database*.cpp files): the state of an open Database and
// the pieces its implementation files share. The class is implemented along its seams:
//   database.cpp             open (folder checks, column families, meta) and close
//   database_options.cpp     RocksDB options: per column family, per open mode, for the files a
//                            commit ingests, for scans
//   database_commit.cpp      commit (one write batch, or SST files ingested), flush, compact
//   database_reads.cpp       games, game headers, content hashes, text indexes
//   database_positions.cpp   the occurrences and statistics of a position
//   database_meta.cpp        meta, info, near-duplicate marks
//   database_signatures.cpp  game signatures and the moves kept beside them
// The keys' and values' bytes are encoded and decoded in RocksDB-free files (game_record.cpp,
// position_entry.cpp, signature_block.cpp, signature_moves.cpp, ...); these files move them in
// and out of RocksDB. The lookups ImportBatch makes are declared without RocksDB types in
// db/detail/database_impl.hpp.

#include <rocksdb/cache.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "db/database.hpp"
#include "db/detail/column_families.hpp"
#include "db/detail/slices.hpp"
#include "db/detail/status.hpp"
#include "db/error.hpp"
#include "db/meta.hpp"

namespace damdb::db::detail {

struct DatabaseImpl;
/// Closes impl's database (database.cpp: a writer leaves what readers open quickly). Never
/// throws.
void close(DatabaseImpl& impl) noexcept;

/// An open database: RocksDB, its column families, and the writer's state.
struct DatabaseImpl {
  std::filesystem::path folder;
  OpenMode mode = OpenMode::ReadWrite;
  bool bulk = false;
  std::shared_ptr<rocksdb::Cache> cache;
  rocksdb::DBOptions db_options;
  std::array<rocksdb::ColumnFamilyOptions, kCfCount> cf_opts;
  rocksdb::DB* db = nullptr;
  std::vector<rocksdb::ColumnFamilyHandle*> handles;
  // The signatures family (also the last of `handles`), or null in a database opened for
  // reading that was written before it existed.
  rocksdb::ColumnFamilyHandle* signatures = nullptr;
  // signature_moves: GameId -> result, start FEN and move codes (what a replay needs), or null.
  rocksdb::ColumnFamilyHandle* signature_moves = nullptr;
  // evaluations: PositionKey -> PositionEvaluation, or null (not created yet, or not asked for).
  rocksdb::ColumnFamilyHandle* evaluations = nullptr;
  std::vector<std::string> optional_names;  // names of the handles after the kCfCount ones
  // Set once the layout of the signatures was checked (a writer at open, a reader at its first
  // use of them).
  std::once_flag signature_format_checked;

  /// The name of the family of handle index `c` (the schema's, then the optional ones).
  std::string name_of(std::size_t c) const {
    return c < kCfCount ? kCfNames[c] : optional_names[c - kCfCount];
  }
  std::filesystem::path secondary_tmp;  // removed on close if we made it
  // Writer state (OpenMode::ReadWrite only).
  std::uint32_t next_id = 1;
  Counts counts;
  std::uint64_t generation = 0;
  std::uint64_t ingest_serial = 0;
  // The position runs (detail/position_runs.hpp) not merged yet, ascending: those of an import
  // in progress (or killed) until compact() merges them. Queries read them too.
  std::vector<std::uint32_t> runs;

  // A reader opened with OpenOptions::explorer_only: the other families' handles are null.
  bool explorer_only = false;
  // The reader asked for the evaluations family (OpenOptions::evaluations).
  bool want_evaluations = false;

  /// The handle of family `c`. Raises Error(InvalidArgument) when it was not opened
  /// (explorer_only).
  rocksdb::ColumnFamilyHandle* cf(Cf c) const {
    if (handles[c] == nullptr) [[unlikely]]
      throw Error(ErrorKind::InvalidArgument,
                  std::string("database opened for explorer queries only: no access to '") +
                      kCfNames[c] + "'");
    return handles[c];
  }

  /// The value of `key` in family `c`, or nullopt. Raises Error from RocksDB.
  std::optional<std::string> get(Cf c, std::string_view key) const {
    std::string value;
    auto s = db->Get(rocksdb::ReadOptions(), cf(c), slice(key), &value);
    if (s.IsNotFound()) return std::nullopt;
    if (!s.ok()) check(s, std::string("reading ") + kCfNames[c] + " in " + folder.string());
    return value;
  }

  ~DatabaseImpl() {
    if (db != nullptr) close(*this);
    if (!secondary_tmp.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(secondary_tmp, ec);
    }
  }
};

/// Whether `names` (column family names) holds `name`.
inline bool has(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// ---- database_options.cpp ----

/// Sets impl.cache and impl.db_options: the database-wide options of impl's mode.
void set_db_options(DatabaseImpl& impl, const OpenOptions& options);
/// The families an explorer query without filter criteria reads (OpenOptions::explorer_only).
bool explorer_family(std::size_t c);
/// The descriptors of every family to open: the schema's (those explorer_family names for an
/// explorer_only reader), then the optional families (signatures, signature_moves) that exist,
/// or all of them when the database is opened for writing (create_missing_column_families makes
/// them); their names go to impl.optional_names, in handle order.
std::vector<rocksdb::ColumnFamilyDescriptor> family_descriptors(
    DatabaseImpl& impl, const std::vector<std::string>& present);
/// The options of the evaluations family (point lookups by position, small values).
rocksdb::ColumnFamilyOptions evaluation_options(const DatabaseImpl& impl);
/// Options of the SST files a commit ingests into family `cf`.
rocksdb::Options ingest_options(const DatabaseImpl& impl, Cf cf);
/// The options of positions files written once into the bottom level, as a compaction writes
/// them there: ZSTD, no filter (optimize_filters_for_hits drops it at the bottom level).
rocksdb::Options bottom_position_options(const DatabaseImpl& impl);
/// Options of a scan over the family `cf`: its blocks are read once, so they do not go to the
/// block cache (where they would evict the blocks that point lookups reuse, and, in an import,
/// grow the process by the cache's size); the readahead (at most `most` bytes) is shared
/// between its files.
rocksdb::ReadOptions scan_options(const DatabaseImpl& impl, rocksdb::ColumnFamilyHandle* cf,
                                  std::size_t most = 256 << 10);

// ---- database_reads.cpp ----

/// Moves `it` to `key` or the first key after it, stepping once when the next entry is the one
/// wanted (ids asked in ascending order are often adjacent) and seeking otherwise. Returns false
/// when no entry is left.
bool step_or_seek(rocksdb::Iterator& it, const std::string& key);

// ---- database_signatures.cpp ----

/// Deletes every signature block and the moves kept beside them (the layout key stays).
void drop_signature_families(DatabaseImpl& impl);
/// Checks the layout of the stored signatures once per open (a writer at open, a reader at its
/// first use of them, so that a query that reads none does not read the signatures' index):
/// signatures of another layout are dropped by a writer and unseen by a reader.
void check_signature_format_once(DatabaseImpl& impl);

}  // namespace damdb::db::detail
