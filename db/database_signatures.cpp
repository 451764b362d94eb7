// Database: the game signatures and the moves kept beside them (the signatures and
// signature_moves families; db/detail/database_rocksdb.hpp).
#include <rocksdb/db.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <array>
#include <functional>
#include <utility>

#include "db/detail/database_rocksdb.hpp"
#include "db/packed_moves.hpp"
#include "db/signature_block.hpp"
#include "db/signature_moves.hpp"
#include "db/varint.hpp"

namespace damdb::db {

namespace detail {
namespace {

// Key of the signature layout version in the signatures family (sorts before every block key).
constexpr std::string_view kSignatureFormatKey = "";

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

}  // namespace

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

void check_signature_format_once(DatabaseImpl& impl) {
  std::call_once(impl.signature_format_checked, [&] { check_signature_format(impl); });
}

}  // namespace detail

using detail::kMeta;
using detail::DatabaseImpl;
using detail::check;
using detail::check_signature_format_once;
using detail::drop_signature_families;
using detail::scan_options;
using detail::step_or_seek;
using detail::be32, detail::slice, detail::view;

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
// kSignatureBlockGames games (db/signature_moves.hpp); a partly filled last block is read and
// continued.
void put_moves(DatabaseImpl& impl, rocksdb::WriteBatch& wb, std::uint32_t end,
               std::span<const GameMoves> moves, const std::string& where) {
  std::uint32_t first = signature_block_first(end);
  std::string value, scratch;
  if (first != end) {
    const rocksdb::Status s =
        impl.db->Get(rocksdb::ReadOptions(), impl.signature_moves, slice(be32(first)), &value);
    if (!s.IsNotFound()) check(s, where);
  }
  std::uint32_t id = end;
  for (const GameMoves& m : moves) {
    put_moves_entry(value, m.result, m.start_fen, m.moves, scratch);
    if (++id % kSignatureBlockGames == 1) {  // the block is full
      check(wb.Put(impl.signature_moves, slice(be32(first)), value), where);
      first = id;
      value.clear();
    }
  }
  if (!value.empty()) check(wb.Put(impl.signature_moves, slice(be32(first)), value), where);
}

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
    const MovesEntry entry = read_moves_entry(entries.string());
    ++next;
    m.result = entry.result;
    m.start_fen = entry.start_fen;
    m.packed = entry.packed;
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

}  // namespace damdb::db
