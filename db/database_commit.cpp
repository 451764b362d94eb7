// Database: commit (one write batch, or SST files ingested), flush and compact
// (db/detail/database_rocksdb.hpp).
#include <rocksdb/convenience.h>
#include <rocksdb/metadata.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <array>
#include <memory>

#include "db/detail/batch_entries.hpp"
#include "db/detail/database_rocksdb.hpp"
#include "db/detail/position_runs.hpp"
#include "db/detail/storage_guard.hpp"
#include "db/position_entry.hpp"

namespace fs = std::filesystem;

namespace damdb::db {

using detail::Cf;
using detail::kCfCount;
using detail::kCfNames;
using detail::kDefault, detail::kGames, detail::kGameHeaders, detail::kPositions,
    detail::kGameHashes;
using detail::DatabaseImpl;
using detail::check;
using detail::ingest_options;
using detail::slice;

namespace {

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

ImportBatch Database::begin_import(GameTerms terms) {
  if (impl_->mode != OpenMode::ReadWrite)
    throw Error(ErrorKind::InvalidArgument, "database opened read-only: cannot import");
  return ImportBatch(*impl_, impl_->next_id, impl_->generation, terms);
}

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
  batch = ImportBatch(impl, impl.next_id, impl.generation, batch.terms_);
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

}  // namespace damdb::db
