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

void BatchEntries::sort(ImportBatch& batch) {
  sort_postings(batch.rows_);
  std::sort(batch.index_keys_.begin(), batch.index_keys_.end());
  // A game may name the same text twice (a player against himself in a bad file).
  batch.index_keys_.erase(std::unique(batch.index_keys_.begin(), batch.index_keys_.end()),
                          batch.index_keys_.end());
  std::sort(batch.updated_games_.begin(), batch.updated_games_.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
}

void BatchEntries::emit_games(const ImportBatch& batch, EntrySink& sink) {
  std::string key, value;
  // games, then game_headers: updated games (older ids: a new source, perhaps a new stored
  // copy) first, then new ones; ids ascending in both.
  for (const Cf cf : {kGames, kGameHeaders})
    for (const auto* list : {&batch.updated_games_, &batch.new_games_})
      for (const auto& [id, record] : *list) {
        key.clear();
        value.clear();
        id.encode(key);
        if (cf == kGames) record.encode(value);
        else GameHeader::of(record).encode(value);
        sink.put(cf, key, value);
      }
  std::vector<std::pair<ContentHash, const SameMovesGames*>> hashes;
  hashes.reserve(batch.new_games_.size());
  for (const auto& [hash, games] : batch.hashes_)
    if (games.changed) hashes.emplace_back(hash, &games.value);
  std::sort(hashes.begin(), hashes.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [hash, games] : hashes) {
    key.clear();
    value.clear();
    hash.encode(key);
    games->encode(value);
    sink.put(kGameHashes, key, value);
  }
}

void BatchEntries::emit_meta(ImportBatch& batch, const Counts& counts, EntrySink& sink) {
  std::string key, value;
  // In key order: counts < next_game_id < source:...
  counts.encode(value);
  sink.put(kMeta, kMetaCounts, value);
  value.clear();
  put_be32(value, batch.next_id_);
  sink.put(kMeta, kMetaNextId, value);
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
