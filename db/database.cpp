// Database: open (folder checks, column families, meta) and close; see
// db/detail/database_rocksdb.hpp for the other files of the class.
#include "db/database.hpp"

#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>

#include "db/detail/database_rocksdb.hpp"
#include "db/detail/position_runs.hpp"
#include "db/varint.hpp"

namespace fs = std::filesystem;

namespace damdb::db {

using detail::kCfCount;
using detail::kCfNames;
using detail::kDefault, detail::kMeta;
using detail::kMetaCounts, detail::kMetaNextId, detail::kMetaSchema;
using detail::kSignaturesName, detail::kSignatureMovesName, detail::kEvaluationsName;
using detail::DatabaseImpl;
using detail::check;
using detail::check_signature_format_once;
using detail::has;
using detail::explorer_family, detail::family_descriptors, detail::set_db_options;
using detail::be32, detail::slice;

namespace {

std::string encode_counts(const Counts& c) {
  std::string s;
  c.encode(s);
  return s;
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

// The column families stored in the folder (none when it holds no database yet).
std::vector<std::string> present_families(const DatabaseImpl& impl) {
  std::vector<std::string> present;
  std::error_code ec;
  if (fs::exists(impl.folder / "CURRENT", ec))
    check(rocksdb::DB::ListColumnFamilies(impl.db_options, impl.folder.string(), &present),
          "opening database '" + impl.folder.string() + "'");
  return present;
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

// Opens impl's folder read-only with `descriptors`, those of the families explorer_family
// names, in schema order (RocksDB opens a subset for reading), then the optional families asked
// for; the handles of the others are null.
rocksdb::Status open_explorer_families(
    DatabaseImpl& impl, const std::vector<rocksdb::ColumnFamilyDescriptor>& descriptors) {
  std::vector<rocksdb::ColumnFamilyHandle*> opened;
  const rocksdb::Status s = rocksdb::DB::OpenForReadOnly(
      impl.db_options, impl.folder.string(), descriptors, &opened, &impl.db);
  if (!s.ok()) return s;
  impl.handles.assign(kCfCount, nullptr);
  std::size_t i = 0;
  for (std::size_t c = 0; c < kCfCount; ++c)
    if (explorer_family(c)) impl.handles[c] = opened[i++];
  for (; i < opened.size(); ++i) impl.handles.push_back(opened[i]);  // the optional ones
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
  for (std::size_t i = 0; i < impl.optional_names.size(); ++i) {
    const std::string& name = impl.optional_names[i];
    (name == kSignaturesName       ? impl.signatures
     : name == kSignatureMovesName ? impl.signature_moves
                                   : impl.evaluations) = impl.handles[kCfCount + i];
  }
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
    std::error_code ec;
    if (impl.want_evaluations && fs::exists(impl.folder / detail::kEvaluationsMarker, ec))
      expected.emplace_back(kEvaluationsName);
    const rocksdb::Status s = open_status(impl, options, family_descriptors(impl, expected));
    if (!s.IsInvalidArgument()) return finish_open(impl, s);
    impl.handles.clear();
    impl.optional_names.clear();
  }
  std::vector<std::string> present = present_families(impl);
  check_families(impl, present);
  const bool evaluations = has(present, kEvaluationsName) &&
                           (impl.mode == OpenMode::ReadWrite || impl.want_evaluations);
  if (impl.explorer_only) present.clear();  // no optional family but the evaluations
  std::erase(present, std::string(kEvaluationsName));
  if (evaluations) present.emplace_back(kEvaluationsName);
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
void rewrite_manifest(DatabaseImpl& impl, bool evaluations) {
  std::vector<std::string> present;
  if (evaluations) present.emplace_back(kEvaluationsName);
  std::vector<rocksdb::ColumnFamilyDescriptor> descriptors = family_descriptors(impl, present);
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
  const bool evaluations = impl.evaluations != nullptr;  // a writer must open every family
  if (writer) impl.db->Flush(rocksdb::FlushOptions(), impl.handles).PermitUncheckedError();
  close_rocksdb(impl);
  impl.evaluations = impl.signatures = impl.signature_moves = nullptr;
  if (!writer || manifest_bytes(impl.folder) <= kManifestRewriteBytes) return;
  impl.optional_names.clear();
  try {
    rewrite_manifest(impl, evaluations);
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
  impl->want_evaluations = options.evaluations;
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

void Database::catch_up() {
  if (impl_->mode != OpenMode::Secondary) return;
  check(impl_->db->TryCatchUpWithPrimary(), "catching up with '" + impl_->folder.string() + "'");
  impl_->runs = detail::find_runs(*impl_->db, impl_->cf(kDefault));
}

}  // namespace damdb::db
