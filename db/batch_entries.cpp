#include "db/detail/batch_entries.hpp"

#include <algorithm>
#include <string>

#include "db/game_header.hpp"
#include "db/position_postings.hpp"
#include "db/varint.hpp"

namespace damdb::db::detail {

Counts counts_after(const Counts& before, const Counts& delta) {
  Counts c = before;
  c.games += delta.games;
  c.valid += delta.valid;
  c.warnings += delta.warnings;
  c.invalid += delta.invalid;
  c.duplicates += delta.duplicates;
  c.indexed_positions += delta.indexed_positions;
  c.occurrence_entries += delta.occurrence_entries;
  for (std::size_t k = 0; k < c.with_kind.size(); ++k) {
    c.with_kind[k] += delta.with_kind[k];
    c.first_error[k] += delta.first_error[k];
  }
  return c;
}

void BatchEntries::join_corrections(ImportBatch& batch) {
  batch.rows_.insert(batch.rows_.end(), batch.corrections_.begin(), batch.corrections_.end());
  std::vector<PostingRow>().swap(batch.corrections_);
}

void BatchEntries::sort(ImportBatch& batch) {
  sort_postings(batch.rows_);
  std::sort(batch.index_keys_.begin(), batch.index_keys_.end());
  // A game may name the same text twice (a player against himself in a bad file).
  batch.index_keys_.erase(std::unique(batch.index_keys_.begin(), batch.index_keys_.end()),
                          batch.index_keys_.end());
  std::sort(batch.updated_games_.begin(), batch.updated_games_.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::sort(batch.appended_games_.begin(), batch.appended_games_.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
}

void BatchEntries::emit_stored_games(const ImportBatch& batch, Cf cf, EntrySink& sink) {
  std::string key, value;
  auto put = [&](GameId id, const GameRecord& record) {
    key.clear();
    value.clear();
    id.encode(key);
    if (cf == kGames) record.encode(value);
    else GameHeader::of(record).encode(value);
    sink.put(cf, key, value);
  };
  auto append = [&](GameId id, const ImportBatch::AppendedGame& game) {
    if (game.replaced || game.added.empty()) return;
    key.clear();
    value.clear();
    id.encode(key);
    if (cf == kGames) {
      GameRecord::encode_sources(game.added, value);
      sink.merge_sources(key, value);
      return;
    }
    GameHeader header = GameHeader::of(game.record);
    header.plies = game.plies;
    header.sources = game.stored_sources + static_cast<std::uint32_t>(game.added.size());
    header.encode(value);
    sink.put(cf, key, value);
  };
  // Whole records and appended sources of stored games, ids ascending (both lists are sorted
  // when sort() ran; a replaced appended game is written whole, by the first list).
  const auto& whole = batch.updated_games_;
  const auto& appended = batch.appended_games_;
  std::size_t w = 0, a = 0;
  while (w < whole.size() || a < appended.size()) {
    if (a == appended.size() || (w < whole.size() && whole[w].first < appended[a].first)) {
      put(whole[w].first, whole[w].second);
      ++w;
    } else {
      append(appended[a].first, appended[a].second);
      ++a;
    }
  }
  for (const auto& [id, record] : batch.new_games_) put(id, record);
}

void BatchEntries::emit_games(const ImportBatch& batch, EntrySink& sink) {
  // games, then game_headers: stored games (older ids: new sources, perhaps a new stored
  // copy) first, then new ones; ids ascending in both.
  for (const Cf cf : {kGames, kGameHeaders}) emit_stored_games(batch, cf, sink);
  emit_hash_games(batch, sink);
}

void BatchEntries::emit_hash_games(const ImportBatch& batch, EntrySink& sink) {
  // Only the entries of the games added or changed, one operand per key (content hash and
  // pair of player keys, same_moves_key): the merge operator updates the stored list.
  std::vector<std::pair<std::string, const ImportBatch::HashGames*>> keys;
  keys.reserve(batch.hashes_.size());
  for (const auto& [hash_players, games] : batch.hashes_)
    if (!games.changed.empty())
      keys.emplace_back(same_moves_key(hash_players.hash, hash_players.white, hash_players.black),
                        &games);
  std::sort(keys.begin(), keys.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  SameMovesGames changes;
  std::vector<GameId> changed;
  std::string value;
  for (std::size_t i = 0; i < keys.size();) {
    const std::string& key = keys[i].first;
    changes.games.clear();
    // Several pairs of players share a key only when their 64-bit hashes collide.
    for (; i < keys.size() && keys[i].first == key; ++i) {
      const ImportBatch::HashGames& games = *keys[i].second;
      changed.assign(games.changed.begin(), games.changed.end());
      std::sort(changed.begin(), changed.end());
      for (const auto& entry : games.value.games)
        if (std::binary_search(changed.begin(), changed.end(), entry.first))
          changes.games.push_back(entry);
    }
    std::sort(changes.games.begin(), changes.games.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    value.clear();
    changes.encode(value);
    sink.merge_hash_games(key, value);
  }
}

void BatchEntries::emit_meta(ImportBatch& batch, const Counts& counts, EntrySink& sink) {
  std::string key, value;
  // In key order: counts < next_game_id < signature_date:... < source:...
  counts.encode(value);
  sink.put(kMeta, kMetaCounts, value);
  value.clear();
  put_be32(value, batch.next_id_);
  sink.put(kMeta, kMetaNextId, value);
  std::sort(batch.redated_.begin(), batch.redated_.end());
  batch.redated_.erase(std::unique(batch.redated_.begin(), batch.redated_.end()),
                       batch.redated_.end());
  for (const GameId id : batch.redated_) sink.put(kMeta, signature_date_key(id), {});
  std::sort(batch.sources_.begin(), batch.sources_.end(),
            [](const SourceInfo& a, const SourceInfo& b) { return a.path < b.path; });
  for (const auto& src : batch.sources_) {
    key.assign(kMetaSourcePrefix);
    key += src.path;
    value.clear();
    src.encode(value);
    sink.put(kMeta, key, value);
  }
}

void BatchEntries::emit(ImportBatch& batch, const Counts& counts, bool grouped,
                        EntrySink& sink) {
  emit_games(batch, sink);
  std::string key;
  PositionEntryEncoder positions(batch.rows_, batch.plies_, grouped);
  while (const auto* entry = positions.next()) {
    key.clear();
    put_be64(key, entry->first);
    sink.merge_position(key, entry->second);
  }
  for (const auto& [which, k] : batch.index_keys_) {
    key.clear();
    k.encode(key);
    const Cf cf = which == TextIndex::Players  ? kPlayers
                  : which == TextIndex::Events ? kEvents
                                               : kDates;
    sink.put(cf, key, std::string_view());
  }
  emit_meta(batch, counts, sink);
}

}  // namespace damdb::db::detail
