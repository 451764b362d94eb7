// Database: the RocksDB options of each column family and open mode, of the files a commit
// ingests and of scans (db/detail/database_rocksdb.hpp). Every figure below was measured.
#include <rocksdb/cache.h>
#include <rocksdb/convenience.h>
#include <rocksdb/env.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>

#include <algorithm>
#include <cstdlib>

#include "db/detail/database_rocksdb.hpp"
#include "db/detail/game_hashes_merge.hpp"
#include "db/detail/game_sources_merge.hpp"
#include "db/detail/position_entry_merge.hpp"
#include "db/detail/storage_guard.hpp"

namespace damdb::db::detail {
namespace {

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

// True for the families written once by a bulk import: their keys (game ids) grow from batch to
// batch, so an ingested file overlaps no other and lands in the bottom level; it is written
// there with the bottom level's compression (ZSTD) and compact() leaves it alone. Not games:
// its dictionary, trained again for every batch's file, cost more CPU than the one rewrite by
// compact() (bench_import, 100,000 games: 1.15x the import's CPU time).
bool written_once(Cf cf) { return cf == kGameHeaders; }

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

}  // namespace

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

bool explorer_family(std::size_t c) {
  return c == kDefault || c == kGames || c == kGameHeaders || c == kPositions || c == kMeta;
}

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
  if (has(present, kEvaluationsName)) {
    descriptors.emplace_back(kEvaluationsName, evaluation_options(impl));
    impl.optional_names.emplace_back(kEvaluationsName);
  }
  return descriptors;
}

rocksdb::ColumnFamilyOptions evaluation_options(const DatabaseImpl& impl) {
  rocksdb::ColumnFamilyOptions o = cf_options(kDefault, impl.bulk, impl.cache);
  rocksdb::BlockBasedTableOptions t;
  t.block_cache = impl.cache;
  t.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  t.format_version = 5;
  o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(t));
  o.write_buffer_size = 4 << 20;
  return o;
}

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

rocksdb::Options bottom_position_options(const DatabaseImpl& impl) {
  rocksdb::Options opts(impl.db_options, impl.cf_opts[kPositions]);
  if (const auto* t = opts.table_factory->GetOptions<rocksdb::BlockBasedTableOptions>()) {
    rocksdb::BlockBasedTableOptions raw = *t;
    raw.filter_policy.reset();
    opts.table_factory.reset(rocksdb::NewBlockBasedTableFactory(raw));
  }
  return opts;
}

rocksdb::ReadOptions scan_options(const DatabaseImpl& impl, rocksdb::ColumnFamilyHandle* cf,
                                  std::size_t most) {
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  ro.readahead_size = readahead(impl, cf, most);
  return ro;
}

}  // namespace damdb::db::detail
