#include "db/detail/position_runs.hpp"

#include <algorithm>
#include <limits>
#include <system_error>

#include "db/detail/slices.hpp"
#include "db/detail/status.hpp"
#include "db/error.hpp"
#include "db/varint.hpp"

namespace damdb::db::detail {
namespace {

void check_run_key(const rocksdb::Slice& key) {
  if (key.size() != kRunKeyBytes &&
      !(key.size() == kRunChunkKeyBytes && key.data()[kRunKeyBytes] == kRunChunkMark))
    throw Error(ErrorKind::Corruption,
                "a key of " + std::to_string(key.size()) + " bytes among the position runs");
}

}  // namespace

std::string run_key(std::uint32_t run, std::string_view position_key) {
  std::string k = be32(run);
  k.append(position_key);
  return k;
}

bool RunChunkWriter::add(std::string_view position_key, std::string_view value) {
  if (value_.empty()) {
    key_ = run_key(run_, position_key);
    key_.push_back(kRunChunkMark);
  }
  value_.append(position_key);
  put_string(value_, value);
  return value_.size() >= kRunChunkBytes;
}

void RunChunkReader::reset(std::string_view key, std::string_view value) {
  check_run_key(slice(key));
  single_pending_ = key.size() == kRunKeyBytes;
  if (single_pending_) {
    single_key_ = get_be64(key.data() + 4);
    single_ = value;
    chunk_ = Reader({}, "position run chunk");
  } else {
    chunk_ = Reader(value, "position run chunk");
  }
}

bool RunChunkReader::next(std::uint64_t& zobrist, std::string_view& value) {
  if (single_pending_) {
    single_pending_ = false;
    zobrist = single_key_;
    value = single_;
    return true;
  }
  if (chunk_.empty()) return false;
  zobrist = chunk_.be64();
  value = chunk_.string();
  return true;
}

std::vector<std::uint32_t> find_runs(rocksdb::DB& db, rocksdb::ColumnFamilyHandle* cf) {
  std::vector<std::uint32_t> runs;
  rocksdb::ReadOptions ro;
  ro.fill_cache = false;
  std::unique_ptr<rocksdb::Iterator> it(db.NewIterator(ro, cf));
  for (it->SeekToFirst(); it->Valid();) {
    check_run_key(it->key());
    const std::uint32_t run = get_be32(it->key().data());
    runs.push_back(run);
    if (run == std::numeric_limits<std::uint32_t>::max()) break;
    it->Seek(slice(be32(run + 1)));
  }
  check(it->status(), "reading the position runs");
  return runs;
}

// One run: an iterator bounded to its keys, and the entries of the chunk it is on.
struct RunCursors::Cursor {
  std::string upper;
  rocksdb::Slice upper_slice;
  std::unique_ptr<rocksdb::Iterator> it;
  bool started = false;  // the iterator is on a chunk whose entries `chunk` gives
  RunChunkReader chunk;
  std::string_view value;  // the current entry's PositionEntry
  std::string spill;       // the last value given of a chunk the cursor has left
};

RunCursors::RunCursors(rocksdb::DB& db, rocksdb::ColumnFamilyHandle* cf,
                       const std::vector<std::uint32_t>& runs,
                       const rocksdb::ReadOptions& options) {
  std::size_t size = 1;
  while (size < runs.size()) size *= 2;
  cursors_.resize(size);
  keys_.assign(size, 0);
  done_.assign(size, 1);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::uint32_t run = runs[i];
    auto c = std::make_unique<Cursor>();
    c->upper = run == std::numeric_limits<std::uint32_t>::max() ? std::string(5, '\xff')
                                                                 : be32(run + 1);
    c->upper_slice = slice(c->upper);
    rocksdb::ReadOptions ro = options;
    ro.iterate_upper_bound = &c->upper_slice;
    c->it.reset(db.NewIterator(ro, cf));
    c->it->Seek(slice(be32(run)));
    cursors_[i] = std::move(c);
    load(i);
  }
  // The matches, from the leaves' parents up: each node keeps its loser, passes its winner on.
  losers_.assign(size, 0);
  std::vector<std::uint32_t> winners(2 * size);
  for (std::size_t i = 0; i < size; ++i) winners[size + i] = static_cast<std::uint32_t>(i);
  for (std::size_t n = size - 1; n >= 1; --n) {
    const std::uint32_t l = winners[2 * n], r = winners[2 * n + 1];
    winners[n] = before(l, r) ? l : r;
    losers_[n] = before(l, r) ? r : l;
  }
  winner_ = winners[1];
}

RunCursors::~RunCursors() = default;

void RunCursors::load(std::size_t i) {
  Cursor& c = *cursors_[i];
  std::uint64_t zobrist = 0;
  while (!c.chunk.next(zobrist, c.value)) {
    if (c.started) c.it->Next();
    c.started = true;
    if (!c.it->status().ok()) check(c.it->status(), "reading the position runs");
    if (!c.it->Valid()) {
      done_[i] = 1;
      return;
    }
    c.chunk.reset(view(c.it->key()), view(c.it->value()));
  }
  done_[i] = 0;
  keys_[i] = zobrist;
}

void RunCursors::replay(std::uint32_t i) {
  std::uint32_t w = i;
  for (std::size_t n = (i + cursors_.size()) / 2; n >= 1; n /= 2)
    if (before(losers_[n], w)) std::swap(losers_[n], w);
  winner_ = w;
}

bool RunCursors::next(std::string_view& key, std::vector<std::string_view>& values) {
  values.clear();
  if (done_[winner_]) return false;
  const std::uint64_t zobrist = keys_[winner_];
  // Every run holding this key, in run order (ties go to the lower cursor), then it moves on
  // (only the winner may be played up the tree again). A value stays in its chunk, which the
  // cursor's iterator holds while the cursor moves within it; the last entry of a chunk is
  // copied first, as moving to the next chunk may free the block.
  while (!done_[winner_] && keys_[winner_] == zobrist) {
    const std::uint32_t i = winner_;
    Cursor& c = *cursors_[i];
    if (c.chunk.at_end()) {
      c.spill.assign(c.value);
      values.emplace_back(c.spill);
    } else {
      values.emplace_back(c.value);
    }
    load(i);
    replay(i);
  }
  key_.clear();
  put_be64(key_, zobrist);
  key = key_;
  return true;
}

PositionFiles::PositionFiles(const rocksdb::Options& options, std::filesystem::path dir,
                             bool as_merge, std::uint64_t file_bytes)
    : options_(options), dir_(std::move(dir)), as_merge_(as_merge), file_bytes_(file_bytes) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec)
    throw Error(ErrorKind::Io, "cannot create '" + dir_.string() + "': " + ec.message());
}

PositionFiles::~PositionFiles() {
  writer_.reset();
  // Ingested files were moved away; what is left was never part of the database.
  std::error_code ignored;
  for (const auto& p : paths_) std::filesystem::remove(p, ignored);
}

void PositionFiles::add(std::string_view key, std::string_view value) {
  if (!writer_ || writer_->FileSize() >= file_bytes_) {
    if (writer_) check(writer_->Finish(), "writing " + paths_.back());
    writer_ = std::make_unique<rocksdb::SstFileWriter>(rocksdb::EnvOptions(), options_);
    paths_.push_back((dir_ / ("positions-" + std::to_string(paths_.size()) + ".sst")).string());
    check(writer_->Open(paths_.back()), "writing " + paths_.back());
  }
  const auto s = as_merge_ ? writer_->Merge(slice(key), slice(value))
                           : writer_->Put(slice(key), slice(value));
  if (!s.ok()) check(s, "writing " + paths_.back());  // no message built per entry
}

std::vector<std::string> PositionFiles::finish() {
  if (writer_) check(writer_->Finish(), "writing " + paths_.back());
  writer_.reset();
  return paths_;
}

}  // namespace damdb::db::detail
