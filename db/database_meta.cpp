// Database: the meta family (schema version, next id, counts, sources, near-duplicate marks)
// and info() (db/detail/database_rocksdb.hpp).
#include <rocksdb/db.h>
#include <rocksdb/metadata.h>
#include <rocksdb/write_batch.h>

#include "db/detail/database_rocksdb.hpp"
#include "db/varint.hpp"

namespace fs = std::filesystem;

namespace damdb::db {

using detail::kGames, detail::kPositions, detail::kMeta;
using detail::kMetaCounts, detail::kMetaMergedEnd, detail::kMetaNextId, detail::kMetaSchema,
    detail::kMetaSourcePrefix;
using detail::check;
using detail::slice, detail::view;

namespace {

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

}  // namespace

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
