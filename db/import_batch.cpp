#include "db/import_batch.hpp"

#include <algorithm>

#include "db/detail/database_impl.hpp"
#include "db/error.hpp"

namespace damdb::db {

ImportBatch::ImportBatch(detail::DatabaseImpl& db, std::uint32_t next_id, std::uint64_t generation)
    : db_(&db), generation_(generation), first_id_(next_id), next_id_(next_id) {}

ImportBatch::ImportBatch(ImportBatch&&) noexcept = default;
ImportBatch& ImportBatch::operator=(ImportBatch&&) noexcept = default;
ImportBatch::~ImportBatch() = default;

bool ImportBatch::empty() const noexcept {
  return new_games_.empty() && updated_games_.empty() && sources_.empty();
}

std::size_t ImportBatch::memory_bytes() const noexcept {
  return rows_.size() * sizeof(Row) + plies_.size() * sizeof(std::uint16_t) + record_bytes_ +
         index_keys_.size() * (sizeof(index_keys_[0]) + 16) + new_by_hash_.size() * 48;
}

namespace {

// Adds `source` to `record` unless a source with the same path and byte offset is listed.
bool add_source(GameRecord& record, const GameSource& source) {
  for (const auto& s : record.sources)
    if (s.path == source.path && s.byte_offset == source.byte_offset) return false;
  record.sources.push_back(source);
  return true;
}

}  // namespace

AddResult ImportBatch::add_game(GameRecord record, std::span<const PlyPosition> plies,
                                const IndexTexts& texts) {
  if (record.sources.empty())
    throw Error(ErrorKind::invalid_argument, "game without a source");
  const ContentHash hash = record.content_hash;

  // Duplicate of a game earlier in this batch.
  if (auto it = new_by_hash_.find(hash); it != new_by_hash_.end()) {
    auto& [id, stored] = new_games_[it->second];
    bool added = add_source(stored, record.sources.front());
    if (added) ++delta_.duplicates;
    return AddResult{id, true, added};
  }
  // Duplicate of a stored game (possibly already updated in this batch).
  if (auto found = detail::find_game(*db_, hash)) {
    auto it = std::find_if(updated_games_.begin(), updated_games_.end(),
                           [&](const auto& g) { return g.first == *found; });
    bool added = false;
    if (it != updated_games_.end()) {
      added = add_source(it->second, record.sources.front());
    } else {
      auto stored = detail::load_game(*db_, *found);
      if (!stored)
        throw Error(ErrorKind::corruption, "game_hashes names game " +
                                               std::to_string(found->value) + " which is missing");
      added = add_source(*stored, record.sources.front());
      if (added) updated_games_.emplace_back(*found, std::move(*stored));
    }
    if (added) ++delta_.duplicates;
    return AddResult{*found, true, added};
  }

  if (next_id_ == UINT32_MAX) throw Error(ErrorKind::invalid_argument, "game ids exhausted");
  // Validate everything before changing any state, so a throw leaves the batch unchanged.
  auto check_text = [](const std::string& t) {
    if (t.find('\0') != std::string::npos)
      throw Error(ErrorKind::invalid_argument, "index text contains a 0x00 byte");
  };
  for (const auto* list : {&texts.players, &texts.events, &texts.dates})
    for (const auto& t : *list) check_text(t);
  scratch_.assign(plies.begin(), plies.end());
  std::sort(scratch_.begin(), scratch_.end(), [](const PlyPosition& a, const PlyPosition& b) {
    if (a.position != b.position) return a.position < b.position;
    return a.ply < b.ply;
  });
  for (std::size_t i = 1; i < scratch_.size(); ++i)
    if (scratch_[i].position == scratch_[i - 1].position && scratch_[i].ply == scratch_[i - 1].ply)
      throw Error(ErrorKind::invalid_argument,
                  "ply " + std::to_string(scratch_[i].ply) + " listed twice for one position");

  const GameId id{next_id_++};
  const auto result = static_cast<std::uint8_t>(record.result);
  std::uint64_t entries = 0;
  for (std::size_t i = 0; i < scratch_.size();) {
    std::size_t j = i + 1;
    while (j < scratch_.size() && scratch_[j].position == scratch_[i].position) ++j;
    // Counted once per game, with the move of the first ply at which it was reached.
    Row row{scratch_[i].position.zobrist, scratch_[i].position.check, id.value,
            scratch_[i].ply, static_cast<std::uint16_t>(j - i), scratch_[i].move, result};
    if (j - i > 1) {
      row.ply = static_cast<std::uint32_t>(plies_.size());
      for (std::size_t k = i; k < j; ++k) plies_.push_back(scratch_[k].ply);
    }
    rows_.push_back(row);
    ++entries;
    i = j;
  }

  auto add_keys = [&](TextIndex which, const std::vector<std::string>& list) {
    for (const auto& t : list)
      if (!t.empty()) index_keys_.emplace_back(which, TextIndexKey{t, id});
  };
  add_keys(TextIndex::players, texts.players);
  add_keys(TextIndex::events, texts.events);
  add_keys(TextIndex::dates, texts.dates);

  ++delta_.games;
  switch (record.status) {
    case ValidationStatus::valid: ++delta_.valid; break;
    case ValidationStatus::warnings: ++delta_.warnings; break;
    case ValidationStatus::invalid: ++delta_.invalid; break;
  }
  delta_.indexed_positions += scratch_.size();
  delta_.occurrence_entries += entries;

  record_bytes_ += sizeof(GameRecord) + record.pdn_text.size() + record.moves.size() + 64 * record.tags.size();
  new_by_hash_.emplace(hash, new_games_.size());
  new_games_.emplace_back(id, std::move(record));
  return AddResult{id, false, false};
}

void ImportBatch::set_source(SourceInfo info) {
  for (auto& s : sources_)
    if (s.path == info.path) {
      s = std::move(info);
      return;
    }
  sources_.push_back(std::move(info));
}

}  // namespace damdb::db
