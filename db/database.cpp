#include "db/database.hpp"

#include <rocksdb/cache.h>
#include <rocksdb/convenience.h>
#include <rocksdb/db.h>
#include <rocksdb/env.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/metadata.h>
#include <rocksdb/options.h>
#include <rocksdb/slice_transform.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/table.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <system_error>

#include "db/detail/batch_entries.hpp"
#include "db/detail/column_families.hpp"
#include "db/detail/database_impl.hpp"
#include "db/detail/entry_codec.hpp"
#include "db/detail/position_runs.hpp"
#include "db/detail/slices.hpp"
#include "db/detail/status.hpp"
#include "db/detail/storage_guard.hpp"
#include "db/detail/game_hashes_merge.hpp"
#include "db/detail/game_sources_merge.hpp"
#include "db/detail/position_entry_merge.hpp"
#include "db/error.hpp"
#include "db/position_entry.hpp"
#include "db/packed_moves.hpp"
#include "db/signature_block.hpp"
#include "db/varint.hpp"

namespace fs = std::filesystem;

namespace damdb::db {
namespace {

using detail::Cf;
using detail::kCfCount;
using detail::kCfNames;
using detail::kDefault, detail::kGames, detail::kGameHeaders, detail::kPositions,
    detail::kGameHashes, detail::kPlayers, detail::kEvents, detail::kDates, detail::kMeta;
using detail::kMetaCounts, detail::kMetaMergedEnd, detail::kMetaNextId, detail::kMetaSchema, detail::kMetaSourcePrefix;

using detail::check;

using detail::be32, detail::slice, detail::view;

/// Moves `it` to `key` or the first key after it, stepping once when the next entry is the one
/// wanted (ids asked in ascending order are often adjacent) and seeking otherwise. Returns false
/// when no entry is left.
bool step_or_seek(rocksdb::Iterator& it, const std::string& key) {
  if (it.Valid() && view(it.key()) < std::string_view(key)) it.Next();
  if (!it.Valid() || view(it.key()) != std::string_view(key)) it.Seek(slice(key));
  return it.Valid();
}

bool supported(rocksdb::CompressionType type) {
  static const auto list = rocksdb::GetSupportedCompressions();
  return std::find(list.begin(), list.end(), type) != list.end();
}

// A partitioned index and filter: a lookup reads a file's top-level index and one 4 KB
// partition of each, not the file's whole index (tens of thousands of 16 KB blocks in a file of
// positions) or whole filter (1.2 MB in the bottom file of game_hashes on 1,000,000 games: more
// than a shard of the writer's 16 MB block cache holds, so every lookup of an import read it).
void partition_index_and_filter(rocksdb::BlockBasedTableOptions& t) {
  t.index_type = rocksdb::BlockBasedTableOptions::kTwoLevelIndexSearch;
  t.partition_filters = true;
  t.metadata_block_size = 4096;
}

// The options of the positions family (`t`: its table options).
void positions_options(bool bulk, rocksdb::ColumnFamilyOptions& o,
                       rocksdb::BlockBasedTableOptions& t) {
  // Keys are 8-byte Zobrist keys, values carry the check key and the posting list. Point
  // lookups only (Get), so a whole-key filter; after compact() all data is in the bottom
  // level, where optimize_filters_for_hits drops the filter (queries ask for positions that
  // exist; a miss costs one index lookup and one block read).
  t.filter_policy.reset(rocksdb::NewRibbonFilterPolicy(10));
  t.whole_key_filtering = true;
  t.block_restart_interval = 16;
  partition_index_and_filter(t);
  o.optimize_filters_for_hits = true;
  o.merge_operator = detail::make_position_entry_merge();
  o.write_buffer_size = bulk ? (256 << 20) : (64 << 20);
  o.max_write_buffer_number = 4;
  o.target_file_size_base = 64 << 20;
  o.max_bytes_for_level_base = 256 << 20;
}

// The options of the games family (`t`: its table options).
void games_options(bool bulk, rocksdb::ColumnFamilyOptions& o, rocksdb::BlockBasedTableOptions& t) {
  // PDN text dominates: at the bottom level, ZSTD with a dictionary
  // trained per SST file on sampled blocks (tags, names and move numbers repeat).
  t.block_size = 16 * 1024;  // a row of a query reads one game: keep blocks small
  o.bottommost_compression_opts.enabled = true;
  o.bottommost_compression_opts.max_dict_bytes = 16 * 1024;
  o.bottommost_compression_opts.zstd_max_train_bytes = 100 * 16 * 1024;
  // The blocks of a file are held in memory until its dictionary is trained: sample the
  // first 8 MB (a compaction otherwise held up to a whole output file, 256 MB, and the
  // import's peak memory grew with the database).
  o.bottommost_compression_opts.max_dict_buffer_bytes = 8 << 20;
  // Further sources of a stored game are appended as merge operands.
  o.merge_operator = detail::make_game_sources_append();
  // An import reads a stored game back when a copy of it arrives. A batch's file also holds
  // sources appended to older games, so the files of a bulk import overlap, and without a
  // filter a lookup read a block of each of them: on 1,000,000 games, 6% of the import's CPU.
  // A whole-key filter skips them. The bottom level, where compact() moves every game, keeps
  // none: lookups ask for games that exist.
  t.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  o.optimize_filters_for_hits = true;
  o.write_buffer_size = bulk ? (128 << 20) : (64 << 20);
}

rocksdb::ColumnFamilyOptions cf_options(Cf cf, bool bulk,
                                        const std::shared_ptr<rocksdb::Cache>& cache) {
  rocksdb::ColumnFamilyOptions o;
  rocksdb::BlockBasedTableOptions t;
  t.block_cache = cache;
  t.block_size = 16 * 1024;
  t.format_version = 5;
  o.level_compaction_dynamic_level_bytes = true;
  // Fast compression while data moves through the upper levels; the strongest where most of
  // the data ends (the bottom level, and everything after compact()).
  o.compression = supported(rocksdb::kLZ4Compression) ? rocksdb::kLZ4Compression
                  : supported(rocksdb::kSnappyCompression) ? rocksdb::kSnappyCompression
                                                          : rocksdb::kNoCompression;
  o.bottommost_compression =
      supported(rocksdb::kZSTD) ? rocksdb::kZSTD : o.compression;
  // ZSTD level 2, not the default 3: each 16 KB block is compressed on its own, and level 3's
  // larger match tables cost more to set up for a block without finding more in it (300,000
  // generated games: positions 0.1% smaller, import 2.7% less CPU). The games family keeps
  // level 3 with its dictionary (bottommost_compression_opts): at level 2 it was 4% larger.
  o.compression_opts.level = 2;
  o.write_buffer_size = 16 << 20;
  switch (cf) {
    case kPositions:
      positions_options(bulk, o, t);
      break;
    case kGameHashes:
      t.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
      partition_index_and_filter(t);
      // A batch writes only the games it adds to a hash's list (or whose identity changed).
      o.merge_operator = detail::make_same_moves_games_update();
      o.write_buffer_size = bulk ? (64 << 20) : (32 << 20);
      break;
    case kGames:
      games_options(bulk, o, t);
      break;
    case kGameHeaders:
      // Result rows read 50 headers of games scattered over the id range: small blocks, so a
      // cache miss decompresses little, and they stay in the block cache (a few tens of bytes
      // a game). LZ4 at every level: a query reads one header a block, and a ZSTD block of
      // 4 KB cost about 67,000 instructions to decompress (mostly building its entropy tables).
      t.block_size = 4 * 1024;
      o.bottommost_compression = o.compression;
      break;
    default:
      break;
  }
  if (bulk) {
    // Bulk load: no compaction while importing (every byte would be rewritten several times);
    // L0 files pile up until Database::compact() merges them once into the bottom level.
    o.disable_auto_compactions = true;
    o.level0_slowdown_writes_trigger = 1 << 20;
    o.level0_stop_writes_trigger = 1 << 20;
  }
  o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(t));
  return o;
}

std::string encode_counts(const Counts& c) {
  std::string s;
  c.encode(s);
  return s;
}

std::uint64_t folder_bytes(const fs::path& dir) {
  std::uint64_t total = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    std::error_code ec2;
    if (it->is_regular_file(ec2)) total += it->file_size(ec2);
  }
  return total;
}

// True when `dir` holds only the files RocksDB writes first when it creates a database (a
// writer killed before the CURRENT file existed): the creation may go on.
bool creation_started(const fs::path& dir) {
  std::error_code ec;
  bool any = false;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    const bool rocksdb_file = name == "LOCK" || name == "IDENTITY" || name.starts_with("LOG") ||
                              name.starts_with("MANIFEST-") || name.starts_with("OPTIONS-") ||
                              name.ends_with(".log") || name.ends_with(".dbtmp");
    if (!rocksdb_file || !e.is_regular_file(ec)) return false;
    any = true;
  }
  return any && !ec;
}

constexpr const char* kSignaturesName = "signatures";
constexpr const char* kSignatureMovesName = "signature_moves";

}  // namespace

namespace detail {

struct DatabaseImpl;
// Closes impl's database (below: a writer leaves what readers open quickly). Never throws.
void close(DatabaseImpl& impl) noexcept;

struct DatabaseImpl {
  fs::path folder;
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
  std::vector<std::string> optional_names;  // names of the handles after the kCfCount ones
  // Set once the layout of the signatures was checked (a writer at open, a reader at its first
  // use of them).
  std::once_flag signature_format_checked;

  std::string name_of(std::size_t c) const {
    return c < kCfCount ? kCfNames[c] : optional_names[c - kCfCount];
  }
  fs::path secondary_tmp;  // removed on close if we made it
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

  rocksdb::ColumnFamilyHandle* cf(Cf c) const {
    if (handles[c] == nullptr) [[unlikely]]
      throw Error(ErrorKind::InvalidArgument,
                  std::string("database opened for explorer queries only: no access to '") +
                      kCfNames[c] + "'");
    return handles[c];
  }

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
      fs::remove_all(secondary_tmp, ec);
    }
  }
};

std::optional<SameMovesGames> find_games(const DatabaseImpl& impl, const ContentHash& hash) {
  // The 16-byte key of a database written before, then the value of each player pair: each
  // entry replaces an older one of its game (SameMovesGames::update).
  const std::string prefix = hash.encode();
  std::optional<SameMovesGames> games;
  std::unique_ptr<rocksdb::Iterator> it(
      impl.db->NewIterator(rocksdb::ReadOptions(), impl.cf(kGameHashes)));
  for (it->Seek(slice(prefix)); it->Valid() && view(it->key()).starts_with(prefix); it->Next()) {
    SameMovesGames value = SameMovesGames::decode(view(it->value()));
    if (!games) games = std::move(value);
    else games->update(value);
  }
  check(it->status(), "reading game_hashes in '" + impl.folder.string() + "'");
  return games;
}

SameMovesGames find_games_of_players(const DatabaseImpl& impl, const ContentHash& hash,
                                     std::string_view white, std::string_view black,
                                     std::uint64_t& bytes_read) {
  SameMovesGames games;
  if (auto v = impl.get(kGameHashes, hash.encode())) {  // a database written before
    bytes_read += v->size();
    games = SameMovesGames::decode_players(*v, white, black);
  }
  if (auto v = impl.get(kGameHashes, same_moves_key(hash, white, black))) {
    bytes_read += v->size();
    games.update(SameMovesGames::decode_players(*v, white, black));
  }
  return games;
}

std::optional<GameRecord> load_game(const DatabaseImpl& impl, GameId id) {
  auto v = impl.get(kGames, id.encode());
  if (!v) return std::nullopt;
  return GameRecord::decode(*v);
}

}  // namespace detail

using detail::DatabaseImpl;

namespace {

// ---- open: folder checks, options, column families, meta ----

// Key of the signature layout version in the signatures family (sorts before every block key).
constexpr std::string_view kSignatureFormatKey = "";

// Deletes every signature block and the moves kept beside them (the layout key stays).
void drop_signature_families(DatabaseImpl& impl) {
  const std::string where = "dropping signatures in '" + impl.folder.string() + "'";
  for (auto* cf : {impl.signatures, impl.signature_moves}) {
    if (cf == nullptr) continue;
    // Keys are 4-byte game ids, or start with "c" or "g" (db/signature_block.hpp):
    // [00000000, ffffffffff) covers them all.
    check(impl.db->DeleteRange(rocksdb::WriteOptions(), cf, slice(std::string(4, '\0')),
                               slice(std::string(5, '\xff'))),
          where);
  }
}

// Signatures of another layout (kSignatureFormat; none recorded: the first layout) are never
// read: a writer drops them (the import builds them again) and records the layout; a reader
// sees no signatures (a search replays every game).
void check_signature_format(DatabaseImpl& impl) {
  if (impl.signatures == nullptr) return;
  std::string value;
  const rocksdb::Status s =
      impl.db->Get(rocksdb::ReadOptions(), impl.signatures, slice(kSignatureFormatKey), &value);
  if (!s.IsNotFound()) check(s, "reading signatures in '" + impl.folder.string() + "'");
  if (s.ok() && value == std::to_string(kSignatureFormat)) return;
  if (impl.mode != OpenMode::ReadWrite) {
    impl.signatures = impl.signature_moves = nullptr;
    return;
  }
  drop_signature_families(impl);
  check(impl.db->Put(rocksdb::WriteOptions(), impl.signatures, slice(kSignatureFormatKey),
                     std::to_string(kSignatureFormat)),
        "writing signatures to '" + impl.folder.string() + "'");
}

// check_signature_format, once per open: a reader checks at its first use of the signatures,
// so that a query that reads none does not read the signatures' index.
void check_signature_format_once(DatabaseImpl& impl) {
  std::call_once(impl.signature_format_checked, [&] { check_signature_format(impl); });
}

// Refuses a folder that is a file, missing (for a reader) or not a database; creates the
// folder of a new database.
void check_folder(const fs::path& dir, bool writer) {
  const std::string where = dir.string();
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw Error(ErrorKind::InvalidArgument,
                "'" + where + "' is a file, not a damdb database folder");
  if (!writer && !fs::exists(dir / "CURRENT", ec))
    throw Error(ErrorKind::NotFound, "no damdb database in folder '" + where + "'");
  // Never turn an unrelated (or damaged) non-empty folder into a database: only an empty or
  // missing folder is created, an existing one must already hold a database (its CURRENT file).
  if (writer && fs::is_directory(dir, ec) && !fs::is_empty(dir, ec) &&
      !fs::exists(dir / "CURRENT", ec) && !creation_started(dir))
    throw Error(ErrorKind::InvalidArgument,
                "folder '" + where +
                    "' is not empty and holds no damdb database (no CURRENT file): not "
                    "writing into it; give an empty or new folder, or repair the database");
  if (writer) {
    fs::create_directories(dir, ec);
    if (ec) throw Error(ErrorKind::Io, "cannot create folder '" + where + "': " + ec.message());
  }
}

// The environment of a read-only open: RocksDB's own, except that it starts no background
// threads (RocksDB starts a flush and a compaction thread at every open; a read-only database
// never flushes or compacts, and a one-query command paid for creating and joining them).
class ReaderEnv : public rocksdb::EnvWrapper {
 public:
  ReaderEnv() : rocksdb::EnvWrapper(rocksdb::Env::Default()) {}
  static const char* kClassName() { return "DamdbReaderEnv"; }
  const char* Name() const override { return kClassName(); }
  void IncBackgroundThreadsIfNeeded(int, Priority) override {}
};

rocksdb::Env* reader_env() {
  static ReaderEnv env;
  return &env;
}

// The database-wide options of impl's mode.
void set_db_options(DatabaseImpl& impl, const OpenOptions& options) {
  const bool writer = impl.mode == OpenMode::ReadWrite;
  // A writer (an import) reads little twice: a small cache keeps its memory bounded.
  impl.cache = rocksdb::NewLRUCache(writer ? (16 << 20) : (128 << 20));
  auto& d = impl.db_options;
  d.create_if_missing = writer;
  d.create_missing_column_families = writer;
  d.max_background_jobs = 2;
  d.bytes_per_sync = 1 << 20;
  d.keep_log_file_num = 2;
  d.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  d.info_log = detail::quiet_logger();  // see storage_guard.hpp
  if (options.env) d.env = options.env;
  else if (impl.mode == OpenMode::ReadOnly) d.env = reader_env();
  // All memtables together. A large import's batches go to SST files and bypass them; a
  // batch of a few games is written through them and stays there until the import ends (a
  // smaller budget would flush a long game's record while the reader still holds the game).
  d.db_write_buffer_size = impl.bulk ? (1ull << 30) : (256ull << 20);
  // Secondary: required by RocksDB. Read-only: every table file is opened at open time, so a
  // compaction of a running import that deletes files cannot break a query in the middle.
  if (!writer) d.max_open_files = -1;
  // Open the table files in the calling thread: RocksDB otherwise starts
  // max_file_opening_threads (16) threads per column family at every open, which cost a
  // one-query command more than the query (1,000,000 games: open 28 -> 18 ms).
  d.max_file_opening_threads = 1;
  // No statistics dump thread (nothing reads the dumps).
  d.stats_dump_period_sec = 0;
  d.stats_persist_period_sec = 0;
  // A reader does not check the table files' sizes against the folder (a stat per file).
  if (!writer) d.skip_checking_sst_file_sizes_on_db_open = true;
}

// The column families stored in the folder (none when it holds no database yet).
std::vector<std::string> present_families(const DatabaseImpl& impl) {
  std::vector<std::string> present;
  std::error_code ec;
  if (fs::exists(impl.folder / "CURRENT", ec))
    check(rocksdb::DB::ListColumnFamilies(impl.db_options, impl.folder.string(), &present),
          "opening database '" + impl.folder.string() + "'");
  return present;
}

bool has(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// An existing database must have every column family of this schema: an older one (schema
// 2 had no game_headers) is refused before RocksDB would add the missing families.
void check_families(const DatabaseImpl& impl, const std::vector<std::string>& present) {
  if (present.empty()) return;  // a new database
  // A writer killed while creating the database (the families are created in schema order,
  // `meta` last, before any game is written) left it without `meta`: finish the creation.
  if (!has(present, kCfNames[kMeta])) {
    if (impl.mode == OpenMode::ReadWrite) return;
    throw Error(ErrorKind::InvalidArgument,
                "database '" + impl.folder.string() +
                    "' was not completely created (an import stopped while creating it): "
                    "run the import again to finish it");
  }
  for (const char* name : kCfNames)
    if (!has(present, name))
      throw Error(ErrorKind::InvalidArgument,
                  "database '" + impl.folder.string() + "' lacks the column family '" + name +
                      "': it was written by another damdb version (this one reads schema "
                      "version " + std::to_string(kSchemaVersion) +
                      "); import its files into a new database");
}

// Index and filter blocks are read when first needed, through the block cache. A reader opens
// every table file at open (max_open_files -1): a one-query command otherwise read the index
// and filter blocks of every file of every family (most of the open's time). A writer's table
// readers otherwise kept the index and filter blocks of every file written, so that an import's
// memory grew with the database (1,000,000 games: 276 MB at the end); in the cache they count
// against its bound. A bulk import's iterators read up to 64 KB ahead in each file (not the
// default 256 KB): before its compaction they read over a hundred files at once.
void read_index_and_filter_lazily(rocksdb::ColumnFamilyOptions& o, bool bulk) {
  const auto* t = o.table_factory->GetOptions<rocksdb::BlockBasedTableOptions>();
  if (t == nullptr) return;
  rocksdb::BlockBasedTableOptions lazy = *t;
  lazy.cache_index_and_filter_blocks = true;
  if (bulk) lazy.max_auto_readahead_size = 64 << 10;
  o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(lazy));
}

// The families an explorer query without filter criteria reads (OpenOptions::explorer_only).
bool explorer_family(std::size_t c) {
  return c == kDefault || c == kGames || c == kGameHeaders || c == kPositions || c == kMeta;
}

// The descriptors of every family to open: the schema's (those explorer_family names for an
// explorer_only reader), then the optional families (signatures, signature_moves) that exist,
// or all of them when the database is opened for writing (create_missing_column_families makes
// them); their names go to impl.optional_names, in handle order.
std::vector<rocksdb::ColumnFamilyDescriptor> family_descriptors(
    DatabaseImpl& impl, const std::vector<std::string>& present) {
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors;
  for (std::size_t c = 0; c < kCfCount; ++c) {
    if (impl.explorer_only && !explorer_family(c)) continue;
    impl.cf_opts[c] = cf_options(static_cast<Cf>(c), impl.bulk, impl.cache);
    read_index_and_filter_lazily(impl.cf_opts[c], impl.bulk);
    descriptors.emplace_back(kCfNames[c], impl.cf_opts[c]);
  }
  for (const char* name : {kSignaturesName, kSignatureMovesName}) {
    if (impl.mode != OpenMode::ReadWrite && !has(present, name)) continue;
    rocksdb::ColumnFamilyOptions o = cf_options(kDefault, impl.bulk, impl.cache);
    // The kept moves of every candidate are read back by a search: packed by hand
    // (db/packed_moves.hpp), never decompressed.
    if (std::string_view(name) == kSignatureMovesName)
      o.compression = o.bottommost_compression = rocksdb::kNoCompression;
    rocksdb::BlockBasedTableOptions t;
    t.block_cache = impl.cache;
    t.block_size = 64 * 1024;  // read in one forward pass
    t.format_version = 5;
    o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(t));
    // Written in id order, the blocks an import batch fills after its commit: small memtables
    // flushed often cost nothing here and keep an import's memory down.
    o.write_buffer_size = 4 << 20;
    read_index_and_filter_lazily(o, impl.bulk);
    descriptors.emplace_back(name, o);
    impl.optional_names.emplace_back(name);
  }
  return descriptors;
}

// Opens impl's folder read-only with `descriptors`, those of the families explorer_family
// names, in schema order (RocksDB opens a subset for reading); the handles of the others are
// null.
rocksdb::Status open_explorer_families(
    DatabaseImpl& impl, const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors) {
  std::vector<rocksdb::ColumnFamilyHandle*> opened;
  const rocksdb::Status s = rocksdb::DB::OpenForReadOnly(
      impl.db_options, impl.folder.string(), descriptors, &opened, &impl.db);
  if (!s.ok()) return s;
  impl.handles.assign(kCfCount, nullptr);
  for (std::size_t c = 0, i = 0; c < kCfCount; ++c)
    if (explorer_family(c)) impl.handles[c] = opened[i++];
  return s;
}

// Opens RocksDB in impl's mode with the families `descriptors`; returns RocksDB's status.
rocksdb::Status open_status(DatabaseImpl& impl, const OpenOptions& options,
                            const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors) {
  const std::string where = impl.folder.string();
  const auto& d = impl.db_options;
  rocksdb::Status s;
  switch (impl.mode) {
    case OpenMode::ReadWrite:
      s = rocksdb::DB::Open(d, where, descriptors, &impl.handles, &impl.db);
      break;
    case OpenMode::ReadOnly:
      s = impl.explorer_only ? open_explorer_families(impl, descriptors)
                             : rocksdb::DB::OpenForReadOnly(d, where, descriptors, &impl.handles,
                                                            &impl.db);
      break;
    case OpenMode::Secondary: {
      fs::path sec = options.secondary_folder;
      if (sec.empty() && impl.secondary_tmp.empty()) {
        static std::atomic<unsigned> serial{0};
        impl.secondary_tmp = fs::temp_directory_path() /
              ("damdb-secondary-" +
               std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) +
               "-" + std::to_string(serial++));
      }
      if (sec.empty()) sec = impl.secondary_tmp;
      std::error_code ec;
      fs::create_directories(sec, ec);
      s = rocksdb::DB::OpenAsSecondary(d, where, sec.string(), descriptors, &impl.handles,
                                       &impl.db);
      break;
    }
  }
  return s;
}

// The system error that `s` quotes when it says the folder or a file cannot be written for
// want of rights or on a read-only file system (EACCES, EPERM, EROFS: RocksDB quotes
// strerror), else 0.
int write_refused(const rocksdb::Status& s) {
  if (!s.IsIOError()) return 0;
  const std::string text = s.ToString();
  for (const int error : {EACCES, EPERM, EROFS})
    if (text.find(std::strerror(error)) != std::string::npos) return error;
  return 0;
}

// Raises Error for a failed open (Error(Io) with a clear message when the folder cannot be
// written or a writer holds the lock); otherwise takes the handles of the optional families.
void finish_open(DatabaseImpl& impl, const rocksdb::Status& s) {
  const std::string where = impl.folder.string();
  if (const int error = write_refused(s))
    throw Error(ErrorKind::Io, "database '" + where + "' cannot be written" +
                                   (error == EROFS ? " (it is on a read-only file system)"
                                                   : " by this user (permission denied)") +
                                   ": an import needs the right to write the folder and its "
                                   "files; queries and export can still read it: " +
                                   s.ToString());
  if (s.IsIOError() && s.ToString().find("lock") != std::string::npos)
    throw Error(ErrorKind::Io, "database '" + where +
                                   "' is in use by another damdb process (an import holds it); "
                                   "wait until it ends (queries may run meanwhile): " +
                                   s.ToString());
  check(s, "opening database '" + where + "'");
  for (std::size_t i = 0; i < impl.optional_names.size(); ++i)
    (impl.optional_names[i] == kSignaturesName ? impl.signatures : impl.signature_moves) =
        impl.handles[kCfCount + i];
}

// Opens RocksDB in impl's mode with every family the folder holds. A reader first names the
// schema's families and both optional ones without listing them (listing reads the whole
// MANIFEST once more: a quarter of a one-query command's instructions on a database after a
// long import); a folder that lacks one of them (an optional family added after it was
// written, or another schema) is listed and opened as before.
void open_rocksdb(DatabaseImpl& impl, const OpenOptions& options) {
  if (impl.mode != OpenMode::ReadWrite) {
    std::vector<std::string> expected{kSignaturesName, kSignatureMovesName};
    if (impl.explorer_only) expected.clear();
    const rocksdb::Status s = open_status(impl, options, family_descriptors(impl, expected));
    if (!s.IsInvalidArgument()) return finish_open(impl, s);
    impl.handles.clear();
    impl.optional_names.clear();
  }
  std::vector<std::string> present = present_families(impl);
  check_families(impl, present);
  if (impl.explorer_only) present.clear();  // no optional family
  finish_open(impl, open_status(impl, options, family_descriptors(impl, present)));
}

// Closes the RocksDB database of impl.
void close_rocksdb(DatabaseImpl& impl) {
  for (auto* h : impl.handles)
    if (h != nullptr) impl.db->DestroyColumnFamilyHandle(h);
  impl.handles.clear();
  impl.db->Close();
  delete impl.db;
  impl.db = nullptr;
}

// The size of the folder's current MANIFEST (the file CURRENT names), 0 when unknown.
std::uint64_t manifest_bytes(const fs::path& dir) {
  std::ifstream current(dir / "CURRENT");
  std::string name;
  std::getline(current, name);
  std::error_code ec;
  const std::uint64_t bytes = name.empty() ? 0 : fs::file_size(dir / name, ec);
  return ec ? 0 : bytes;
}

// A MANIFEST larger than this is written anew when the writer closes the database.
constexpr std::uint64_t kManifestRewriteBytes = 32 << 10;

// Opens impl's folder for writing and closes it again: RocksDB's open starts a new MANIFEST
// holding only the live table files (the old one, with every flush, ingestion and compaction
// since the last open, is deleted). Nothing starts a compaction meanwhile.
void rewrite_manifest(DatabaseImpl& impl) {
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors = family_descriptors(impl, {});
  for (auto& d : descriptors) d.options.disable_auto_compactions = true;
  finish_open(impl, open_status(impl, OpenOptions(), descriptors));
  close_rocksdb(impl);
}

}  // namespace

namespace detail {

// A writer flushes its memtables first, so that no reader replays a log at its open (after
// the signatures of a large database were built through the log, 170 MB of logs made every
// query command's open 0.46 s), then has RocksDB rewrite a MANIFEST that grew past
// kManifestRewriteBytes (every open parses all of it: 164 KB after a 1,000,000-game import, 60%
// of the instructions of damdb info). Failures leave the database as it was.
void close(DatabaseImpl& impl) noexcept {
  const bool writer = impl.mode == OpenMode::ReadWrite;
  if (writer) impl.db->Flush(rocksdb::FlushOptions(), impl.handles).PermitUncheckedError();
  close_rocksdb(impl);
  if (!writer || manifest_bytes(impl.folder) <= kManifestRewriteBytes) return;
  impl.optional_names.clear();
  try {
    rewrite_manifest(impl);
  } catch (const std::exception&) {
    if (impl.db != nullptr) close_rocksdb(impl);
  }
}

}  // namespace detail

namespace {

// Meta: written on the first open of a new database, the schema version checked otherwise;
// a writer loads the next game id and the counts.
void init_or_check_meta(DatabaseImpl& impl) {
  const std::string where = impl.folder.string();
  const bool writer = impl.mode == OpenMode::ReadWrite;
  auto version = impl.get(kMeta, kMetaSchema);
  if (!version) {
    if (!writer)
      throw Error(ErrorKind::Corruption, "database '" + where + "' has no schema version");
    rocksdb::WriteBatch wb;
    std::string v;
    put_varint(v, kSchemaVersion);
    wb.Put(impl.cf(kMeta), slice(kMetaSchema), v);
    wb.Put(impl.cf(kMeta), slice(kMetaNextId), be32(1));
    wb.Put(impl.cf(kMeta), slice(kMetaCounts), encode_counts(Counts{}));
    rocksdb::WriteOptions wo;
    wo.sync = true;
    check(impl.db->Write(wo, &wb), "initialising database '" + where + "'");
  } else {
    Reader r(*version, "meta schema_version");
    auto found = r.varint();
    if (found != kSchemaVersion)
      throw Error(ErrorKind::InvalidArgument,
                  "database '" + where + "' has schema version " + std::to_string(found) +
                      ", this damdb reads version " + std::to_string(kSchemaVersion));
  }
  if (!writer) return;
  auto next = impl.get(kMeta, kMetaNextId);
  auto counts = impl.get(kMeta, kMetaCounts);
  if (!next || !counts)
    throw Error(ErrorKind::Corruption, "database '" + where + "' lacks meta records");
  impl.next_id = GameId::decode(*next).value;
  impl.counts = Counts::decode(*counts);
}

}  // namespace

Database::Database(std::unique_ptr<DatabaseImpl> impl) : impl_(std::move(impl)) {}
Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;
Database::~Database() = default;

const fs::path& Database::folder() const noexcept { return impl_->folder; }
OpenMode Database::mode() const noexcept { return impl_->mode; }

Database Database::open(const fs::path& dir, const OpenOptions& options) {
  auto impl = std::make_unique<DatabaseImpl>();
  impl->folder = dir;
  impl->mode = options.mode;
  impl->bulk = options.bulk_load && options.mode == OpenMode::ReadWrite;
  impl->explorer_only = options.explorer_only && options.mode == OpenMode::ReadOnly;
  check_folder(dir, impl->mode == OpenMode::ReadWrite);
  set_db_options(*impl, options);
  open_rocksdb(*impl, options);
  // SST files of a commit killed before its ingestion (never part of the database).
  std::error_code ec;
  if (impl->mode == OpenMode::ReadWrite) fs::remove_all(dir / "ingest", ec);
  init_or_check_meta(*impl);
  if (impl->mode == OpenMode::ReadWrite) check_signature_format_once(*impl);
  impl->runs = detail::find_runs(*impl->db, impl->cf(kDefault));
  return Database(std::move(impl));
}

ImportBatch Database::begin_import() {
  if (impl_->mode != OpenMode::ReadWrite)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot import");
  return ImportBatch(*impl_, impl_->next_id, impl_->generation);
}

namespace {

// True for the families written once by a bulk import: their keys (game ids) grow from batch to
// batch, so an ingested file overlaps no other and lands in the bottom level; it is written
// there with the bottom level's compression (ZSTD) and compact() leaves it alone. Not games:
// its dictionary, trained again for every batch's file, cost more CPU than the one rewrite by
// compact() (bench_import, 100,000 games: 1.15x the import's CPU time).
bool written_once(Cf cf) { return cf == kGameHeaders; }

// Options of the SST files a commit ingests into family `cf`.
rocksdb::Options ingest_options(const DatabaseImpl& impl, Cf cf) {
  rocksdb::Options opts(impl.db_options, impl.cf_opts[cf]);
  if (!impl.bulk || written_once(cf)) return opts;
  // Bulk load: compact() rewrites every ingested file of the other families once into the
  // bottom level (ZSTD), so write them uncompressed (the writer would otherwise use the
  // bottommost ZSTD with dictionary training, and pay it twice). Positions are never read while
  // importing (merge operands): no filter either. game_hashes keeps its Bloom filter: every
  // new game looks its hash up in every ingested file.
  opts.compression = rocksdb::kNoCompression;
  opts.bottommost_compression = rocksdb::kNoCompression;
  opts.bottommost_compression_opts = rocksdb::CompressionOptions();  // no dictionary
  const auto* t = opts.table_factory->GetOptions<rocksdb::BlockBasedTableOptions>();
  if (cf == kPositions && t != nullptr) {
    rocksdb::BlockBasedTableOptions raw = *t;
    raw.filter_policy.reset();
    opts.table_factory.reset(rocksdb::NewBlockBasedTableFactory(raw));
  }
  return opts;
}

// The entries of a batch into one WriteBatch (through the WAL).
class WriteBatchSink final : public detail::EntrySink {
 public:
  WriteBatchSink(const DatabaseImpl& impl, std::size_t reserve, const std::string& where)
      : impl_(impl), wb_(reserve), where_(where) {}
  void put(Cf cf, std::string_view key, std::string_view value) override {
    check(wb_.Put(impl_.cf(cf), slice(key), slice(value)), where_);
  }
  void merge_position(std::string_view key, std::string_view value) override {
    check(wb_.Merge(impl_.cf(kPositions), slice(key), slice(value)), where_);
  }
  void merge_sources(std::string_view key, std::string_view value) override {
    check(wb_.Merge(impl_.cf(kGames), slice(key), slice(value)), where_);
  }
  void merge_hash_games(std::string_view key, std::string_view value) override {
    check(wb_.Merge(impl_.cf(kGameHashes), slice(key), slice(value)), where_);
  }
  rocksdb::WriteBatch& batch() { return wb_; }

 private:
  const DatabaseImpl& impl_;
  rocksdb::WriteBatch wb_;
  const std::string& where_;
};

// The entries of a batch into one SST file per column family (in ingest/ of the folder), for
// one atomic IngestExternalFiles. Whatever happens (a write error, a full disk), no file stays
// in ingest/: the destructor closes the writers, then removes their files.
class SstSink final : public detail::EntrySink {
 public:
  /// With `run` (not 0) the positions go to that position run, not to the positions family.
  SstSink(DatabaseImpl& impl, const std::string& where, std::uint32_t run)
      : impl_(impl), where_(where), run_(run) {
    std::error_code ec;
    fs::create_directories(dir(), ec);
    if (ec) throw Error(ErrorKind::Io, "cannot create '" + dir().string() + "': " + ec.message());
  }
  ~SstSink() {
    for (auto& w : writers_) w.reset();
    std::error_code ignored;
    for (const auto& f : paths_)
      if (!f.empty()) fs::remove(f, ignored);
  }
  void put(Cf cf, std::string_view key, std::string_view value) override {
    check(writer(cf).Put(slice(key), slice(value)), where_);
  }
  void merge_position(std::string_view key, std::string_view value) override {
    if (run_ == 0)
      check(writer(kPositions).Merge(slice(key), slice(value)), where_);
    else if (chunk_.add(key, value))
      put_chunk();
  }
  void merge_sources(std::string_view key, std::string_view value) override {
    check(writer(kGames).Merge(slice(key), slice(value)), where_);
  }
  void merge_hash_games(std::string_view key, std::string_view value) override {
    check(writer(kGameHashes).Merge(slice(key), slice(value)), where_);
  }
  // Finishes every file and ingests them all in one atomic step.
  void ingest() {
    if (!chunk_.empty()) put_chunk();
    std::vector<rocksdb::IngestExternalFileArg> args;
    for (std::size_t c = 0; c < kCfCount; ++c) {
      if (!writers_[c]) continue;
      check(writers_[c]->Finish(), where_);
      rocksdb::IngestExternalFileArg arg;
      arg.column_family = impl_.cf(static_cast<Cf>(c));
      arg.external_files = {paths_[c]};
      arg.options.move_files = true;
      args.push_back(std::move(arg));
    }
    check(impl_.db->IngestExternalFiles(args), where_);
    if (writers_[kDefault]) impl_.runs.push_back(run_);
  }

 private:
  fs::path dir() const { return impl_.folder / "ingest"; }
  void put_chunk() {
    check(writer(kDefault).Put(slice(chunk_.key()), slice(chunk_.value())), where_);
    chunk_.clear();
  }
  rocksdb::SstFileWriter& writer(Cf cf) {
    if (!writers_[cf]) {
      writers_[cf] = std::make_unique<rocksdb::SstFileWriter>(
          rocksdb::EnvOptions(), ingest_options(impl_, cf), impl_.cf(cf));
      paths_[cf] =
          (dir() / (std::to_string(++impl_.ingest_serial) + "-" + kCfNames[cf] + ".sst")).string();
      check(writers_[cf]->Open(paths_[cf]), where_);
    }
    return *writers_[cf];
  }

  DatabaseImpl& impl_;
  const std::string& where_;
  std::uint32_t run_;
  detail::RunChunkWriter chunk_{run_};
  std::array<std::unique_ptr<rocksdb::SstFileWriter>, kCfCount> writers_;
  std::array<std::string, kCfCount> paths_;
};

// Raises Error(InvalidArgument) unless a batch made by `batch_db` at (generation, first_id)
// may be committed now to `impl`.
void check_batch_current(const DatabaseImpl& impl, const DatabaseImpl* batch_db,
                         std::uint64_t generation, std::uint32_t first_id) {
  if (impl.mode != OpenMode::ReadWrite)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot commit");
  if (batch_db != &impl)
    throw Error(ErrorKind::InvalidArgument, "batch belongs to another database");
  if (generation != impl.generation || first_id != impl.next_id)
    throw Error(ErrorKind::InvalidArgument, "stale batch: another batch was committed since");
}

}  // namespace

namespace {

// Merges every table file of family `c` in one compaction into its last level (or by range when
// a background compaction holds some of them). With `final_form` false the files are written
// uncompressed: a compaction during a bulk import, whose output the last compaction rewrites
// anyway. Raises Error on an I/O error or corruption.
void compact_family(DatabaseImpl& impl, std::size_t c, bool final_form = true) {
  const std::string what = "compacting " + impl.name_of(c) + " in '" + impl.folder.string() + "'";
  // Every table file of the family merged in ONE compaction into the last level: after a
  // bulk load the ingested files sit in L0 and in every level down to the last, and
  // CompactRange would rewrite the data once per level on its way down (on 1,000,000
  // games that made the final compaction a third of the import).
  rocksdb::ColumnFamilyMetaData md;
  impl.db->GetColumnFamilyMetaData(impl.handles[c], &md);
  std::vector<std::string> files;
  for (const auto& level : md.levels)
    for (const auto& f : level.files) files.push_back(f.name);
  if (files.empty() || md.levels.empty()) return;
  // Already where compaction would put it: every file in the bottom level (files of a level
  // never overlap), written with the bottom level's compression (game headers, positions merged
  // from runs into an empty family, position runs).
  const bool bottom_written =
      c == kGameHeaders || c == kPositions || c == kDefault;
  if (bottom_written && md.levels.back().files.size() == files.size()) return;
  rocksdb::CompactionOptions co;
  // The family's choice for the level, or none for a file that another compaction replaces.
  co.compression = final_form ? rocksdb::kDisableCompressionOption : rocksdb::kNoCompression;
  co.output_file_size_limit = std::uint64_t{256} << 20;
  const auto s = impl.db->CompactFiles(co, impl.handles[c], files,
                                      static_cast<int>(md.levels.size()) - 1);
  if (s.ok()) return;
  if (s.IsIOError() || s.IsCorruption()) check(s, what);
  // A background compaction holds some of the files (a database not opened for bulk
  // load): compact by range instead.
  rocksdb::CompactRangeOptions cr;
  cr.bottommost_level_compaction = rocksdb::BottommostLevelCompaction::kForceOptimized;
  check(impl.db->CompactRange(cr, impl.handles[c], nullptr, nullptr), what);
}

// The number of table files above the last level of family `cf`.
std::size_t files_above_bottom(const DatabaseImpl& impl, Cf cf) {
  rocksdb::ColumnFamilyMetaData md;
  impl.db->GetColumnFamilyMetaData(impl.cf(cf), &md);
  std::size_t n = 0;
  for (std::size_t l = 0; l + 1 < md.levels.size(); ++l) n += md.levels[l].files.size();
  return n;
}

// A bulk import looks every new game's hash up in game_hashes, and a lookup reads every file
// whose key range holds the hash: every ingested file, as hashes are random. Merged into the
// bottom level once 8 files pile up above it (the family is small: 28 MB on 1,000,000 games),
// so a lookup reads at most 9 files. With every batch's file kept until the end, the lookups
// took 17% of a 1,000,000-game import's CPU time, growing with each batch. These merges
// write no compression (compact() compresses the family once at the end): with ZSTD, the
// merges and the lookups' decompression took 6% of that import.
constexpr std::size_t kMaxHashFilesAboveBottom = 8;

// The options of positions files written once into the bottom level, as a compaction writes
// them there: ZSTD, no filter (optimize_filters_for_hits drops it at the bottom level).
rocksdb::Options bottom_position_options(const DatabaseImpl& impl) {
  rocksdb::Options opts(impl.db_options, impl.cf_opts[kPositions]);
  if (const auto* t = opts.table_factory->GetOptions<rocksdb::BlockBasedTableOptions>()) {
    rocksdb::BlockBasedTableOptions raw = *t;
    raw.filter_policy.reset();
    opts.table_factory.reset(rocksdb::NewBlockBasedTableFactory(raw));
  }
  return opts;
}

bool family_empty(const DatabaseImpl& impl, Cf cf) {
  rocksdb::ColumnFamilyMetaData md;
  impl.db->GetColumnFamilyMetaData(impl.cf(cf), &md);
  return md.file_count == 0;
}

// Writes the entries of every position run, merged key by key, into `files`.
void write_merged_runs(const DatabaseImpl& impl, detail::PositionFiles& files) {
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;  // read once
  // Every run is read at once: their readahead buffers together stay near 4 MB.
  ro.readahead_size = std::clamp<std::size_t>((std::size_t{4} << 20) / impl.runs.size(),
                                              32 << 10, 256 << 10);
  detail::RunCursors runs(*impl.db, impl.cf(kDefault), impl.runs, ro);
  std::string_view key;
  std::vector<std::string_view> values;
  std::string joined;
  while (runs.next(key, values)) {
    if (values.size() == 1) {
      files.add(key, values.front());
    } else {
      PositionEntry::merge_encoded(values, joined);
      files.add(key, joined);
    }
  }
}

// A file that deletes every position run (a range deletion over all run keys), in `dir`.
std::string runs_deletion_file(const DatabaseImpl& impl, const fs::path& dir,
                               const std::string& where) {
  const std::string path = (dir / "position-runs-deleted.sst").string();
  rocksdb::SstFileWriter w(rocksdb::EnvOptions(), ingest_options(impl, kDefault),
                           impl.cf(kDefault));
  check(w.Open(path), where);
  check(w.DeleteRange(slice(std::string()),
                      slice(std::string(detail::kRunChunkKeyBytes + 1, '\xff'))),
        where);
  check(w.Finish(), where);
  return path;
}

// Merges the position runs into the positions family and deletes them, in one atomic
// ingestion. Into an empty positions family the merged entries are written once, as the
// bottom level holds them (whole values, ZSTD): no compaction rewrites them. Otherwise they go
// in as one run of merge operands, which compact() then merges with the stored entries.
void merge_runs(DatabaseImpl& impl) {
  if (impl.runs.empty()) return;
  const std::string where = "merging the position runs of '" + impl.folder.string() + "'";
  const bool once = family_empty(impl, kPositions);
  const fs::path dir = impl.folder / "ingest";
  detail::PositionFiles files(once ? bottom_position_options(impl) : ingest_options(impl, kPositions),
                              dir, !once, std::uint64_t{256} << 20);
  write_merged_runs(impl, files);
  std::vector<rocksdb::IngestExternalFileArg> args(2);
  args[0].column_family = impl.cf(kPositions);
  args[0].external_files = files.finish();
  args[1].column_family = impl.cf(kDefault);
  args[1].external_files = {runs_deletion_file(impl, dir, where)};
  for (auto& a : args) a.options.move_files = true;
  check(impl.db->IngestExternalFiles(args), where);
  impl.runs.clear();
  // The runs' files, hidden by the deletion, go now; compact() drops the deletion itself.
  check(rocksdb::DeleteFilesInRange(impl.db, impl.cf(kDefault), nullptr, nullptr), where);
}

}  // namespace

void Database::commit(ImportBatch& batch, CommitMethod method) {
  auto& impl = *impl_;
  check_batch_current(impl, batch.db_, batch.generation_, batch.first_id_);
  if (batch.empty()) return;
  // A full disk is found before anything is written (storage_guard.hpp): the SST files, or the
  // log and the later flush of a write batch, take about twice the batch's memory.
  detail::require_free_space(impl.folder, 2 * std::uint64_t{batch.memory_bytes()} + (4u << 20),
                             "the next batch of " + std::to_string(batch.games()) + " games");
  const bool sorted = method != CommitMethod::UnsortedWriteBatch;
  detail::BatchEntries::join_corrections(batch);
  if (sorted) detail::BatchEntries::sort(batch);
  const Counts counts = detail::counts_after(impl.counts, batch.delta_);
  const std::string where = "committing to '" + impl.folder.string() + "'";
  if (method == CommitMethod::SstIngestion) {
    // A bulk import stages its positions as a run, merged once by compact().
    SstSink sink(impl, where, impl.bulk ? batch.first_id_ : 0);
    detail::BatchEntries::emit(batch, counts, sorted, sink);
    sink.ingest();
  } else {
    WriteBatchSink sink(impl, batch.memory_bytes() + (1 << 20), where);
    detail::BatchEntries::emit(batch, counts, sorted, sink);
    check(impl.db->Write(rocksdb::WriteOptions(), &sink.batch()), where);
  }
  impl.counts = counts;
  impl.next_id = batch.next_id_;
  ++impl.generation;
  // The batch is consumed: leave it empty (and stale), its memory freed before a compaction.
  batch = ImportBatch(impl, impl.next_id, impl.generation);
  if (impl.bulk && files_above_bottom(impl, kGameHashes) >= kMaxHashFilesAboveBottom)
    compact_family(impl, kGameHashes, /*final_form=*/false);  // compact() compresses it
}

void Database::flush() {
  if (impl_->mode != OpenMode::ReadWrite) return;
  rocksdb::FlushOptions fo;
  check(impl_->db->Flush(fo, impl_->handles), "flushing '" + impl_->folder.string() + "'");
}

void Database::compact() {
  if (impl_->mode != OpenMode::ReadWrite)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot compact");
  // Compaction writes the new table files before it frees the old ones: about half the table
  // files' size (bulk loads are written uncompressed and compacted with ZSTD, which more than
  // halves them). Should it still run out, RocksDB's NoSpace becomes Error(ErrorKind::NoSpace).
  std::uint64_t sst = 0;
  impl_->db->GetAggregatedIntProperty(rocksdb::DB::Properties::kTotalSstFilesSize, &sst);
  detail::require_free_space(impl_->folder, sst / 2 + (4u << 20), "compacting the database");
  flush();
  merge_runs(*impl_);
  for (std::size_t c = 0; c < impl_->handles.size(); ++c) compact_family(*impl_, c);
}

double Database::uncompacted_share() const {
  std::uint64_t above = 0, total = 0;
  for (rocksdb::ColumnFamilyHandle* handle : impl_->handles) {
    if (handle == nullptr) continue;  // not opened (explorer_only)
    rocksdb::ColumnFamilyMetaData md;
    impl_->db->GetColumnFamilyMetaData(handle, &md);
    total += md.size;
    // The position runs wait for compact() wherever they are.
    if (handle == impl_->cf(kDefault)) above += md.size;
    else if (!md.levels.empty()) above += md.size - md.levels.back().size;
  }
  return total == 0 ? 0.0 : static_cast<double>(above) / static_cast<double>(total);
}

void Database::release_cached_blocks() const {
  if (!impl_->cache) return;
  const std::size_t capacity = impl_->cache->GetCapacity();
  impl_->cache->SetCapacity(0);  // evicts every entry not in use
  impl_->cache->SetCapacity(capacity);
}

std::optional<GameRecord> Database::game(GameId id) const { return detail::load_game(*impl_, id); }

std::optional<GameHeader> Database::game_header(GameId id) const {
  auto v = impl_->get(kGameHeaders, id.encode());
  if (!v) return std::nullopt;
  return GameHeader::decode(*v);
}

std::vector<std::optional<GameHeader>> Database::game_headers(std::span<const GameId> ids) const {
  std::vector<std::optional<GameHeader>> out(ids.size());
  if (ids.empty()) return out;
  std::vector<std::string> keys(ids.size());
  std::vector<rocksdb::Slice> slices(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    ids[i].encode(keys[i]);
    slices[i] = slice(keys[i]);
  }
  std::vector<rocksdb::PinnableSlice> values(ids.size());
  std::vector<rocksdb::Status> statuses(ids.size());
  impl_->db->MultiGet(rocksdb::ReadOptions(), impl_->cf(kGameHeaders), ids.size(), slices.data(),
                      values.data(), statuses.data());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (statuses[i].IsNotFound()) continue;
    if (!statuses[i].ok())
      check(statuses[i], "reading game_headers in '" + impl_->folder.string() + "'");
    out[i] = GameHeader::decode(view(values[i]));
  }
  return out;
}

std::vector<GameId> Database::find_games(const ContentHash& hash) const {
  std::vector<GameId> ids;
  if (auto games = detail::find_games(*impl_, hash))
    for (const auto& [id, identity] : games->games) ids.push_back(id);
  return ids;
}

namespace {

// Joins to `value` (`found`: the positions family has the key) the entries of `key` in the
// position runs not merged yet; returns whether any entry was found. In each run the entry is
// in the last chunk that starts at or before it.
bool join_run_entries(const DatabaseImpl& impl, const std::string& key, bool found,
                      rocksdb::PinnableSlice& value) {
  const std::uint64_t zobrist = get_be64(key.data());
  std::vector<std::string> parts;
  if (found) parts.emplace_back(view(value));
  std::unique_ptr<rocksdb::Iterator> it(impl.db->NewIterator(rocksdb::ReadOptions(),
                                                             impl.cf(kDefault)));
  detail::RunChunkReader chunk;
  for (const std::uint32_t run : impl.runs) {
    it->SeekForPrev(slice(detail::run_key(run, key) + '\xff'));
    if (!it->Valid() || it->key().size() < 4 || get_be32(it->key().data()) != run) continue;
    chunk.reset(view(it->key()), view(it->value()));
    std::uint64_t z = 0;
    std::string_view v;
    while (chunk.next(z, v) && z <= zobrist)
      if (z == zobrist) {
        parts.emplace_back(v);
        break;
      }
  }
  if (!it->status().ok())
    check(it->status(), "reading the position runs in '" + impl.folder.string() + "'");
  if (parts.size() <= std::size_t{found}) return found;
  const std::vector<std::string_view> views(parts.begin(), parts.end());
  std::string joined;
  PositionEntry::merge_encoded(views, joined);
  value.Reset();
  *value.GetSelf() = std::move(joined);
  value.PinSelf();
  return true;
}

// The positions entry of a Zobrist key, pinned in the block cache when possible.
bool get_entry(const DatabaseImpl& impl, std::uint64_t zobrist, rocksdb::PinnableSlice& value) {
  std::string key;
  put_be64(key, zobrist);
  auto s = impl.db->Get(rocksdb::ReadOptions(), impl.cf(kPositions), slice(key), &value);
  if (!s.ok() && !s.IsNotFound()) check(s, "reading positions in '" + impl.folder.string() + "'");
  if (impl.runs.empty()) return s.ok();
  return join_run_entries(impl, key, s.ok(), value);
}

}  // namespace

OccurrencePage Database::occurrences(const PositionKey& position,
                                     const OccurrenceQuery& query) const {
  OccurrencePage page;
  rocksdb::PinnableSlice value;
  if (!get_entry(*impl_, position.zobrist, value)) return page;
  GroupReader group(view(value), position.check);
  Occurrence o;
  if (query.descending) {
    // Stored newest first: read until the page is full.
    while (group.next(o)) {
      if (query.after.value != 0 && o.game.value >= query.after.value) continue;
      if (page.rows.size() == query.limit) {
        page.more = true;
        break;
      }
      page.rows.push_back(o);
    }
    return page;
  }
  // Oldest first: the rows after the cursor are the tail of the stored (newest first) list.
  // Count them, then read again from the first row of the page on.
  std::uint64_t after_cursor = 0;
  while (group.next(o) && (query.after.value == 0 || o.game.value > query.after.value))
    ++after_cursor;
  const std::uint64_t n = std::min<std::uint64_t>(query.limit, after_cursor);
  page.more = after_cursor > n;
  GroupReader again(view(value), position.check);
  for (std::uint64_t skip = after_cursor - n; skip > 0; --skip) again.next(o);
  page.rows.resize(n);
  for (std::uint64_t i = n; i > 0; --i) again.next(page.rows[i - 1]);
  return page;
}

void Database::for_each_occurrence(const PositionKey& position,
                                   const std::function<bool(const Occurrence&)>& visit) const {
  rocksdb::PinnableSlice value;
  if (!get_entry(*impl_, position.zobrist, value)) return;
  GroupReader group(view(value), position.check);
  Occurrence o;
  while (group.next(o))
    if (!visit(o)) return;
}

std::uint64_t Database::count_occurrences(const PositionKey& position) const {
  rocksdb::PinnableSlice value;
  if (!get_entry(*impl_, position.zobrist, value)) return 0;
  return GroupReader(view(value), position.check).games();
}

std::optional<PositionStats> Database::position_stats(const PositionKey& position) const {
  rocksdb::PinnableSlice value;
  if (!get_entry(*impl_, position.zobrist, value)) return std::nullopt;
  GroupReader group(view(value), position.check);
  if (!group.found()) return std::nullopt;
  return group.stats();
}

namespace {

// The readahead of an iterator over the family `cf`: `most` bytes, except in a bulk import.
// Each table file read at once has a readahead buffer of its own, and an import's iterators
// (before its compaction) read every file of a family at once: 160 files of games in a
// 1,000,000-game import, 230 KB each, 38 MB. There the buffers together stay within 4 MB,
// each between 32 KB and `most`.
std::size_t readahead(const DatabaseImpl& impl, rocksdb::ColumnFamilyHandle* cf,
                      std::size_t most) {
  if (!impl.bulk) return most;
  std::uint64_t files = 1;
  for (int level = 0; level < impl.db->NumberLevels(cf); ++level) {
    std::string n;  // a string property only
    if (impl.db->GetProperty(cf, "rocksdb.num-files-at-level" + std::to_string(level), &n))
      files += std::strtoull(n.c_str(), nullptr, 10);
  }
  const std::uint64_t share = (std::uint64_t{4} << 20) / files;
  return static_cast<std::size_t>(
      std::clamp<std::uint64_t>(share, 32 << 10, std::max(most, std::size_t{32} << 10)));
}

// Options of a scan over the family `cf`: its blocks are read once, so they do not go to the
// block cache (where they would evict the blocks that point lookups reuse, and, in an import,
// grow the process by the cache's size); the readahead is shared between its files.
rocksdb::ReadOptions scan_options(const DatabaseImpl& impl, rocksdb::ColumnFamilyHandle* cf,
                                  std::size_t most = 256 << 10) {
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  ro.readahead_size = readahead(impl, cf, most);
  return ro;
}

}  // namespace

void Database::for_each_game(const std::function<bool(GameId, const GameRecord&)>& visit,
                             GameId from) const {
  rocksdb::ColumnFamilyHandle* games = impl_->cf(kGames);
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(scan_options(*impl_, games), games));
  for (it->Seek(slice(from.encode())); it->Valid(); it->Next()) {
    if (!visit(GameId::decode(view(it->key())), GameRecord::decode(view(it->value())))) return;
  }
  check(it->status(), "reading games in '" + impl_->folder.string() + "'");
}

void Database::for_each_readable_game(
    const std::function<bool(GameId, const GameRecord&)>& visit,
    const std::function<void(const DamagedGame&)>& damaged, GameId from) const {
  rocksdb::ColumnFamilyHandle* games = impl_->cf(kGames);
  const std::uint32_t end = meta().next_game_id;
  const std::string where = "reading games in '" + impl_->folder.string() + "'";
  std::uint32_t next = from.value;       // the first id not visited nor reported
  std::uint32_t failed_at = 0;           // where the iterator last failed (0: never)
  // Visits the record of `id`, or reports it damaged when it does not decode; false to stop.
  const auto take = [&](GameId id, std::string_view bytes) {
    std::optional<GameRecord> record;
    try {
      record = GameRecord::decode(bytes);
    } catch (const Error& e) {
      damaged({id, e.what()});
      return true;
    }
    return visit(id, *record);
  };
  while (next < end) {
    std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(scan_options(*impl_, games), games));
    for (it->Seek(slice(GameId{next}.encode())); it->Valid(); it->Next()) {
      const GameId id = GameId::decode(view(it->key()));
      next = id.value + 1;
      if (!take(id, view(it->value()))) return;
    }
    const rocksdb::Status status = it->status();
    if (status.ok()) return;
    if (!status.IsCorruption()) check(status, where);
    // A damaged block: read the ids after the last one visited on their own, each failing one
    // reported, until one reads; the iterator goes on from it (its block is sound), or, if the
    // iterator failed there already, from the id after it.
    const bool stuck = failed_at == next;
    failed_at = next;
    for (std::string value; next < end; ++next) {
      const rocksdb::Status s =
          impl_->db->Get(rocksdb::ReadOptions(), games, slice(GameId{next}.encode()), &value);
      if (s.IsCorruption()) damaged({GameId{next}, s.ToString()});
      else if (!s.ok() && !s.IsNotFound()) check(s, where);
      if (!s.ok()) continue;
      if (!stuck) break;
      if (!take(GameId{next}, value)) return;
      ++next;
      break;
    }
  }
}

void Database::for_each_game_header(
    const std::function<bool(GameId, const GameHeader&)>& visit, GameId from) const {
  rocksdb::ColumnFamilyHandle* headers = impl_->cf(kGameHeaders);
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(scan_options(*impl_, headers), headers));
  for (it->Seek(slice(from.encode())); it->Valid(); it->Next()) {
    if (!visit(GameId::decode(view(it->key())), GameHeader::decode(view(it->value())))) return;
  }
  check(it->status(), "reading game_headers in '" + impl_->folder.string() + "'");
}

void Database::scan_index(TextIndex index, std::string_view prefix,
                          const std::function<bool(const TextIndexKey&)>& visit) const {
  Cf cf = index == TextIndex::Players ? kPlayers : index == TextIndex::Events ? kEvents : kDates;
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->cf(cf)));
  for (it->Seek(slice(prefix)); it->Valid() && view(it->key()).starts_with(prefix); it->Next())
    if (!visit(TextIndexKey::decode(view(it->key())))) return;
  check(it->status(), "reading index in '" + impl_->folder.string() + "'");
}

std::string Database::identity() const {
  std::string id;
  check(impl_->db->GetDbIdentity(id), "reading the identity of '" + impl_->folder.string() + "'");
  return id;
}

Meta Database::meta() const {
  Meta m;
  const auto where = impl_->folder.string();
  auto version = impl_->get(kMeta, kMetaSchema);
  auto next = impl_->get(kMeta, kMetaNextId);
  auto counts = impl_->get(kMeta, kMetaCounts);
  if (!version || !next || !counts)
    throw Error(ErrorKind::Corruption, "database '" + where + "' lacks meta records");
  m.schema_version = static_cast<std::uint32_t>(Reader(*version, "meta schema_version").varint());
  m.next_game_id = GameId::decode(*next).value;
  m.counts = Counts::decode(*counts);
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->cf(kMeta)));
  for (it->Seek(slice(kMetaSourcePrefix));
       it->Valid() && view(it->key()).starts_with(kMetaSourcePrefix); it->Next())
    m.sources.push_back(SourceInfo::decode(view(it->key()).substr(kMetaSourcePrefix.size()),
                                           view(it->value())));
  check(it->status(), "reading meta in '" + where + "'");
  return m;
}

Info Database::info() const {
  Info info;
  Meta m = meta();
  info.schema_version = m.schema_version;
  info.counts = m.counts;
  info.sources = m.sources.size();
  std::uint64_t v = 0;
  if (impl_->db->GetIntProperty(impl_->cf(kPositions), "rocksdb.estimate-num-keys", &v))
    info.distinct_positions = v;
  for (std::size_t c = 1; c < impl_->handles.size(); ++c)
    if (impl_->handles[c] != nullptr &&
        impl_->db->GetIntProperty(impl_->handles[c], "rocksdb.total-sst-files-size", &v)) {
      info.sst_bytes += v;
      info.column_family_bytes.emplace_back(impl_->name_of(c), v);
    }
  info.bytes_on_disk = folder_bytes(impl_->folder);
  rocksdb::ColumnFamilyMetaData games;
  impl_->db->GetColumnFamilyMetaData(impl_->cf(kGames), &games);
  for (const rocksdb::LevelMetaData& level : games.levels)
    for (const rocksdb::SstFileMetaData& file : level.files)
      info.game_files.push_back(fs::path(file.name).filename().string());
  return info;
}

void Database::catch_up() {
  if (impl_->mode != OpenMode::Secondary) return;
  check(impl_->db->TryCatchUpWithPrimary(), "catching up with '" + impl_->folder.string() + "'");
  impl_->runs = detail::find_runs(*impl_->db, impl_->cf(kDefault));
}

// ---- game signatures ----

namespace {

// The first id of the block holding game `id`.
std::uint32_t signature_block_first(std::uint32_t id) {
  return id - (id - 1) % kSignatureBlockGames;
}

// The signatures stored in the block starting at `first` (none when it has no games part).
std::vector<GameSignature> read_signature_block(DatabaseImpl& impl, std::uint32_t first) {
  const std::string where = "reading signatures in '" + impl.folder.string() + "'";
  std::string games;
  rocksdb::Status s =
      impl.db->Get(rocksdb::ReadOptions(), impl.signatures, slice(signature_games_key(first)), &games);
  if (s.IsNotFound()) return {};
  check(s, where);
  std::vector<std::string> values(kSignatureColumns);
  std::array<std::string_view, kSignatureColumns> columns;
  for (int c = 0; c < kSignatureColumns; ++c) {
    s = impl.db->Get(rocksdb::ReadOptions(), impl.signatures, slice(signature_column_key(c, first)),
                     &values[c]);
    if (!s.IsNotFound()) check(s, where);
    columns[c] = s.ok() ? std::string_view(values[c]) : std::string_view();
  }
  return decode_signature_block(games, columns);
}

// Puts the games part and the columns of one block into `wb`.
void put_signature_block(DatabaseImpl& impl, rocksdb::WriteBatch& wb, std::uint32_t first,
                         std::span<const GameSignature> block, const std::string& where) {
  const EncodedSignatureBlock encoded = encode_signature_block(block);
  check(wb.Put(impl.signatures, slice(signature_games_key(first)), encoded.games), where);
  for (const auto& [column, value] : encoded.columns)
    check(wb.Put(impl.signatures, slice(signature_column_key(column, first)), value), where);
}

// Puts the moves of the games end, end + 1, ... into `wb`, one value per block of
// kSignatureBlockGames games (key: its first id), each game's entry prefixed by its length; a
// partly filled last block is read and continued.
void put_moves(DatabaseImpl& impl, rocksdb::WriteBatch& wb, std::uint32_t end,
               std::span<const GameMoves> moves, const std::string& where) {
  std::uint32_t first = signature_block_first(end);
  std::string value, entry;
  if (first != end) {
    const rocksdb::Status s =
        impl.db->Get(rocksdb::ReadOptions(), impl.signature_moves, slice(be32(first)), &value);
    if (!s.IsNotFound()) check(s, where);
  }
  std::uint32_t id = end;
  for (const GameMoves& m : moves) {
    entry.clear();
    entry.push_back(static_cast<char>(m.result));
    put_string(entry, m.start_fen);
    put_packed_moves(entry, m.moves);
    put_string(value, entry);
    if (++id % kSignatureBlockGames == 1) {  // the block is full
      check(wb.Put(impl.signature_moves, slice(be32(first)), value), where);
      first = id;
      value.clear();
    }
  }
  if (!value.empty()) check(wb.Put(impl.signature_moves, slice(be32(first)), value), where);
}

}  // namespace

GameId Database::signatures_end() const {
  check_signature_format_once(*impl_);
  if (impl_->signatures == nullptr) return GameId{1};
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->signatures));
  it->SeekToLast();  // the games part of the last block: "g" sorts after the columns' "c"
  check(it->status(), "reading signatures in '" + impl_->folder.string() + "'");
  const std::string_view key = it->Valid() ? view(it->key()) : std::string_view();
  if (key.size() != 5 || key[0] != 'g') return GameId{1};  // none, or the layout key only
  Reader r(view(it->value()), "signature block");
  return GameId{get_be32(key.data() + 1) + static_cast<std::uint32_t>(signature_block_games(r))};
}

void Database::append_signatures(std::span<const GameSignature> signatures,
                                 std::span<const GameMoves> moves) {
  if (impl_->mode != OpenMode::ReadWrite || impl_->signatures == nullptr)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot write signatures");
  if (signatures.empty()) return;
  const std::string where = "writing signatures to '" + impl_->folder.string() + "'";
  const std::uint32_t end = signatures_end().value;
  std::uint32_t first = signature_block_first(end);
  // A partly filled last block is read and continued.
  std::vector<GameSignature> block;
  if (first != end) block = read_signature_block(*impl_, first);
  rocksdb::WriteBatch wb;
  for (const GameSignature& sig : signatures) {
    block.push_back(sig);
    if (block.size() == kSignatureBlockGames) {
      put_signature_block(*impl_, wb, first, block, where);
      first += kSignatureBlockGames;
      block.clear();
    }
  }
  if (!block.empty()) put_signature_block(*impl_, wb, first, block, where);
  if (impl_->signature_moves != nullptr && !moves.empty()) put_moves(*impl_, wb, end, moves, where);
  check(impl_->db->Write(rocksdb::WriteOptions(), &wb), where);
}

std::vector<GameId> Database::signatures_to_refresh() const {
  const std::string where = "reading meta in '" + impl_->folder.string() + "'";
  std::vector<GameId> ids;
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->handles[kMeta]));
  for (it->Seek(slice(detail::kMetaSignatureDatePrefix));
       it->Valid() && view(it->key()).starts_with(detail::kMetaSignatureDatePrefix); it->Next())
    ids.push_back(GameId::decode(view(it->key()).substr(detail::kMetaSignatureDatePrefix.size())));
  check(it->status(), where);
  return ids;
}

namespace {

// Puts into `wb` the value of `key` in `family` as `rewrite` gives it, when the key is found
// and the value changes.
void rewrite_value(DatabaseImpl& impl, rocksdb::WriteBatch& wb, rocksdb::ColumnFamilyHandle* family,
                   const std::string& key, const std::function<std::string(std::string_view)>& rewrite,
                   const std::string& where) {
  std::string value;
  const rocksdb::Status s = impl.db->Get(rocksdb::ReadOptions(), family, slice(key), &value);
  if (s.IsNotFound()) return;
  check(s, where);
  std::string changed = rewrite(value);
  if (changed != value) check(wb.Put(family, slice(key), changed), where);
}

}  // namespace

void Database::set_signature_fields(std::span<const SignatureFields> fields) {
  if (impl_->mode != OpenMode::ReadWrite || impl_->signatures == nullptr)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot write signatures");
  const std::string where = "writing signatures to '" + impl_->folder.string() + "'";
  const std::uint32_t end = signatures_end().value;
  rocksdb::WriteBatch wb;
  std::vector<std::pair<std::size_t, std::uint32_t>> dates;       // (index in the block, date)
  std::vector<std::pair<std::size_t, GameResult>> results;        // (index in the block, result)
  for (std::size_t i = 0; i < fields.size();) {
    const std::uint32_t first = signature_block_first(fields[i].game.value);
    dates.clear();
    results.clear();
    for (; i < fields.size() && fields[i].game.value < first + kSignatureBlockGames; ++i) {
      dates.emplace_back(fields[i].game.value - first, fields[i].date);
      results.emplace_back(fields[i].game.value - first, fields[i].result);
      check(wb.Delete(impl_->handles[kMeta], slice(detail::signature_date_key(fields[i].game))),
            where);
    }
    if (first < end) {
      rewrite_value(*impl_, wb, impl_->signatures, signature_games_key(first),
                    [&](std::string_view games) { return with_signature_dates(games, dates); },
                    where);
      if (impl_->signature_moves != nullptr)
        rewrite_value(*impl_, wb, impl_->signature_moves, be32(first),
                      [&](std::string_view block) { return with_moves_results(block, results); },
                      where);
    }
    if (wb.GetDataSize() >= (std::size_t{4} << 20)) {  // a few MB a write, not the whole family
      check(impl_->db->Write(rocksdb::WriteOptions(), &wb), where);
      wb.Clear();
    }
  }
  if (wb.Count() > 0) check(impl_->db->Write(rocksdb::WriteOptions(), &wb), where);
}

void Database::for_each_signature_block(
    std::span<const int> columns,
    const std::function<bool(GameId, std::string_view, std::span<const std::string_view>)>& visit)
    const {
  check_signature_format_once(*impl_);
  if (impl_->signatures == nullptr) return;
  const std::string where = "reading signatures in '" + impl_->folder.string() + "'";
  // One sequential pass over the games' blocks, then one iterator per column, each over its own
  // run of blocks.
  rocksdb::ReadOptions ro = scan_options(*impl_, impl_->signatures, 2 << 20);
  std::unique_ptr<rocksdb::Iterator> games(impl_->db->NewIterator(ro, impl_->signatures));
  ro.readahead_size = std::min<std::size_t>(ro.readahead_size, 256 << 10);
  std::vector<std::unique_ptr<rocksdb::Iterator>> its;
  for (const int c : columns) {
    its.emplace_back(impl_->db->NewIterator(ro, impl_->signatures));
    its.back()->Seek(slice(signature_column_key(c, 0)));
  }
  std::vector<std::string_view> values(columns.size());
  for (games->Seek(slice(signature_games_key(0))); games->Valid(); games->Next()) {
    const std::string_view key = view(games->key());
    if (key.size() != 5 || key[0] != 'g') break;
    const std::uint32_t first = get_be32(key.data() + 1);
    for (std::size_t i = 0; i < its.size(); ++i) {
      const std::string prefix = signature_column_key(columns[i], first);
      rocksdb::Iterator& it = *its[i];
      while (it.Valid() && view(it.key()) < std::string_view(prefix) &&
             view(it.key()).starts_with(std::string_view(prefix).substr(0, 3)))
        it.Next();
      values[i] = it.Valid() && view(it.key()) == std::string_view(prefix) ? view(it.value())
                                                                           : std::string_view();
    }
    if (!visit(GameId{first}, view(games->value()), values)) return;
  }
  check(games->status(), where);
  for (const auto& it : its) check(it->status(), where);
}

void Database::for_each_game_of(
    std::span<const GameId> ids,
    const std::function<bool(GameId, const GameRecord&)>& visit) const {
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->cf(kGames)));
  std::string key;
  for (const GameId id : ids) {
    key.clear();
    id.encode(key);
    if (!step_or_seek(*it, key)) break;
    if (view(it->key()) != std::string_view(key)) continue;
    if (!visit(id, GameRecord::decode(view(it->value())))) return;
  }
  check(it->status(), "reading games in '" + impl_->folder.string() + "'");
}

bool Database::for_each_moves_of(
    std::span<const GameId> ids,
    const std::function<bool(GameId, const GameMoves&)>& visit, bool unpack) const {
  check_signature_format_once(*impl_);
  if (impl_->signature_moves == nullptr) return false;
  // One forward pass: its blocks are not read again.
  const rocksdb::ReadOptions ro = scan_options(*impl_, impl_->signature_moves, 2 << 20);
  std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(ro, impl_->signature_moves));
  GameMoves m;
  std::string codes;  // the unpacked move codes of the game visited
  std::uint32_t block = 0, next = 0;  // the block read, and the id of its next entry
  Reader entries(std::string_view(), "signature moves");
  for (const GameId id : ids) {
    if (block == 0 || signature_block_first(id.value) != block) {
      block = signature_block_first(id.value);
      const std::string key = be32(block);
      if (!step_or_seek(*it, key)) break;
      const bool found = view(it->key()) == std::string_view(key);
      entries = Reader(found ? view(it->value()) : std::string_view(), "signature moves");
      next = block;
    }
    for (; next < id.value && entries.remaining() != 0; ++next) entries.string();
    if (next != id.value || entries.remaining() == 0) continue;  // not stored
    Reader r(entries.string(), "signature moves");
    ++next;
    const std::uint8_t result = r.byte();
    if (result > 3) r.fail("bad result");
    m.result = static_cast<GameResult>(result);
    m.start_fen = r.string();
    m.packed = r.bytes(r.remaining());
    if (unpack) get_packed_moves(m.packed, codes);
    m.moves = unpack ? std::string_view(codes) : std::string_view();
    if (!visit(id, m)) break;
  }
  check(it->status(), "reading signature moves in '" + impl_->folder.string() + "'");
  return true;
}

void Database::drop_signatures() {
  if (impl_->mode != OpenMode::ReadWrite)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot drop signatures");
  drop_signature_families(*impl_);
}

// ---- near-duplicate marks (db/duplicate_mark.hpp): meta keys "cluster:" + primary id ----

std::vector<DuplicateMark> Database::duplicate_marks() const {
  std::vector<DuplicateMark> marks;
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(rocksdb::ReadOptions(), impl_->cf(kMeta)));
  for (it->Seek(slice(kDuplicateMarkPrefix));
       it->Valid() && view(it->key()).starts_with(kDuplicateMarkPrefix); it->Next())
    marks.push_back(DuplicateMark::decode(
        GameId::decode(view(it->key()).substr(kDuplicateMarkPrefix.size())), view(it->value())));
  check(it->status(), "reading duplicate marks in '" + impl_->folder.string() + "'");
  return marks;
}

void Database::write_duplicate_marks(std::span<const DuplicateMark> put,
                                     std::span<const GameId> remove) {
  if (impl_->mode != OpenMode::ReadWrite)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot mark duplicates");
  rocksdb::WriteBatch wb;
  for (const GameId primary : remove)
    wb.Delete(impl_->cf(kMeta), slice(DuplicateMark{primary, 0, {}}.key()));
  std::string value;
  for (const DuplicateMark& m : put) {
    value.clear();
    m.encode(value);
    wb.Put(impl_->cf(kMeta), slice(m.key()), slice(value));
  }
  rocksdb::WriteOptions wo;
  wo.sync = true;
  check(impl_->db->Write(wo, &wb), "writing duplicate marks in '" + impl_->folder.string() + "'");
}

GameId Database::merged_end() const {
  const auto v = impl_->get(kMeta, kMetaMergedEnd);
  return v ? GameId::decode(*v) : GameId{1};
}

void Database::set_merged_end(GameId end) {
  if (impl_->mode != OpenMode::ReadWrite)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot mark duplicates");
  rocksdb::WriteOptions wo;
  wo.sync = true;
  check(impl_->db->Put(wo, impl_->cf(kMeta), slice(kMetaMergedEnd), slice(end.encode())),
        "writing merged_end in '" + impl_->folder.string() + "'");
}

}  // namespace damdb::db
