// Database: reads of games, game headers, content hashes and the text indexes
// (db/detail/database_rocksdb.hpp).
#include <rocksdb/db.h>

#include "db/detail/database_impl.hpp"
#include "db/detail/database_rocksdb.hpp"

namespace damdb::db {

namespace detail {

bool step_or_seek(rocksdb::Iterator& it, const std::string& key) {
  if (it.Valid() && view(it.key()) < std::string_view(key)) it.Next();
  if (!it.Valid() || view(it.key()) != std::string_view(key)) it.Seek(slice(key));
  return it.Valid();
}

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

using detail::Cf;
using detail::kGames, detail::kGameHeaders, detail::kPlayers, detail::kEvents, detail::kDates;
using detail::check;
using detail::scan_options;
using detail::slice, detail::view;
using detail::step_or_seek;

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

}  // namespace damdb::db
