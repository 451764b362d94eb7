// Database: the position evaluations (the evaluations family; db/position_evaluation.hpp).
#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "db/detail/database_rocksdb.hpp"

namespace damdb::db {

using detail::DatabaseImpl;
using detail::check;
using detail::kEvaluationsName;
using detail::slice;

namespace {

// Writes the empty file that tells readers the folder has evaluations (kEvaluationsMarker).
void write_marker(const DatabaseImpl& impl) {
  const std::filesystem::path marker = impl.folder / detail::kEvaluationsMarker;
  std::error_code ec;
  if (std::filesystem::exists(marker, ec)) return;
  std::ofstream(marker).flush();
  if (!std::filesystem::exists(marker, ec))
    throw Error(ErrorKind::Io, "cannot write '" + marker.string() + "'");
}

// Creates the evaluations family of a writer that has none.
void create_evaluations(DatabaseImpl& impl) {
  rocksdb::ColumnFamilyHandle* handle = nullptr;
  check(impl.db->CreateColumnFamily(detail::evaluation_options(impl), kEvaluationsName, &handle),
        "creating the evaluations of '" + impl.folder.string() + "'");
  impl.handles.push_back(handle);
  impl.optional_names.emplace_back(kEvaluationsName);
  impl.evaluations = handle;
  write_marker(impl);
}

}  // namespace

bool Database::has_evaluations() const noexcept { return impl_->evaluations != nullptr; }

std::optional<PositionEvaluation> Database::evaluation(const PositionKey& position) const {
  if (impl_->evaluations == nullptr) return std::nullopt;
  std::string value;
  const rocksdb::Status s = impl_->db->Get(rocksdb::ReadOptions(), impl_->evaluations,
                                           slice(position.encode()), &value);
  if (s.IsNotFound()) return std::nullopt;
  check(s, "reading evaluations in '" + impl_->folder.string() + "'");
  return PositionEvaluation::decode(value);
}

std::vector<std::optional<PositionEvaluation>> Database::evaluations(
    std::span<const PositionKey> positions) const {
  std::vector<std::optional<PositionEvaluation>> out(positions.size());
  if (impl_->evaluations == nullptr || positions.empty()) return out;
  std::vector<std::string> keys;
  keys.reserve(positions.size());
  for (const PositionKey& p : positions) keys.push_back(p.encode());
  std::vector<rocksdb::Slice> slices;
  for (const std::string& k : keys) slices.push_back(slice(k));
  std::vector<rocksdb::PinnableSlice> values(positions.size());
  std::vector<rocksdb::Status> statuses(positions.size());
  impl_->db->MultiGet(rocksdb::ReadOptions(), impl_->evaluations, slices.size(), slices.data(),
                      values.data(), statuses.data());
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (statuses[i].IsNotFound()) continue;
    check(statuses[i], "reading evaluations in '" + impl_->folder.string() + "'");
    out[i] = PositionEvaluation::decode(detail::view(values[i]));
  }
  return out;
}

void Database::for_each_evaluation(
    const std::function<bool(const PositionKey&, const PositionEvaluation&)>& visit) const {
  if (impl_->evaluations == nullptr) return;
  std::unique_ptr<rocksdb::Iterator> it(
      impl_->db->NewIterator(detail::scan_options(*impl_, impl_->evaluations), impl_->evaluations));
  for (it->SeekToFirst(); it->Valid(); it->Next())
    if (!visit(PositionKey::decode(detail::view(it->key())),
               PositionEvaluation::decode(detail::view(it->value()))))
      return;
  check(it->status(), "reading evaluations in '" + impl_->folder.string() + "'");
}

void Database::put_evaluations(
    std::span<const std::pair<PositionKey, PositionEvaluation>> evaluations) {
  if (impl_->mode != OpenMode::ReadWrite)
    throw Error(ErrorKind::InvalidArgument, "put_evaluations: database opened read-only");
  if (evaluations.empty()) return;
  if (impl_->evaluations == nullptr) create_evaluations(*impl_);
  else write_marker(*impl_);
  const std::string where = "writing evaluations to '" + impl_->folder.string() + "'";
  rocksdb::WriteBatch wb;
  std::string value;
  for (const auto& [position, evaluation] : evaluations) {
    value.clear();
    evaluation.encode(value);
    check(wb.Put(impl_->evaluations, slice(position.encode()), value), where);
  }
  check(impl_->db->Write(rocksdb::WriteOptions(), &wb), where);
}

}  // namespace damdb::db
